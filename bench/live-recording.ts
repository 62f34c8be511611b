import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { espeakWav } from "../tests/support/audio";
import { buildSyntheticGguf } from "../tests/support/synthetic-gguf";
import { buildSyntheticModel, type SyntheticArch, type WeightType } from "../tests/support/synthetic-ggml";
import { benchUser, startBenchApp } from "./upload";

/**
 * Live transcript (issue 17, decision 010) through the compiled app with the local engine
 * (whisper.cpp on a synthetic model of the real architecture: same compute as the real model,
 * see tests/support/synthetic-ggml.ts; no trained weights can be downloaded here):
 * 1. a recording of --minutes is sent as 1 s webm/opus chunks, paced at --speed × real time
 *    (1 = as a browser sends it; 0 = all at once, then wait until the live windows caught up);
 *    the live lag (seconds recorded − seconds transcribed) is sampled every 5 s of audio;
 * 2. "Invia" (finalize) → COMPLETED, with the analysis (extractive analyzer).
 * With --analysis llm (issue 35) the local LLM writes the minutes, on a synthetic GGUF of the
 * default model's shape (bench/llm.ts): its parts are mapped in the LLM's lane while the live
 * windows run, and the time from «Invia» to the LLM's minutes is printed too (when the estimate
 * says over 5 minutes, COMPLETED comes with the extractive minutes and llm_rewrite follows).
 * Run: npm run build && npm run bench:live -- --minutes 10 --arch tiny --speed 1 [--analysis llm]
 */

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    arch: { type: "string", default: "tiny" },
    speed: { type: "string", default: "1" },
    port: { type: "string", default: "3297" },
    analysis: { type: "string", default: "extractive" },
    // What the synthetic model "says" per 30 s window: segments and tokens as whisper writes
    // conversational Italian (sentences of ~5 s, ~3.7 tokens a second). Until session 12 the
    // benchmark used 2 and 40: one window then committed only 14 s of its 28.
    segments: { type: "string", default: "6" },
    tokens: { type: "string", default: "110" },
    // As the default model's file (decision 043: small in 8 bits); f16 for ggml-<arch>.bin.
    weights: { type: "string", default: "q8_0" },
  },
});
const withLlm = values.analysis === "llm";
const minutes = Number(values.minutes);
const arch = values.arch as SyntheticArch;
const speed = Number(values.speed);
const seconds = Math.round(minutes * 60);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-live-"));
const model = buildSyntheticModel({
  arch,
  dir: path.resolve("tests/.data/models"),
  segmentsPerWindow: Number(values.segments),
  tokensPerWindow: Number(values.tokens),
  weights: values.weights as WeightType,
});
const app = await startBenchApp(Number(values.port), {
  TRANSCRIPTION_ENGINE: "whisper",
  WHISPER_MODEL: model,
  WHISPER_MODEL_URL: "http://127.0.0.1:9/models",
  ...(withLlm
    ? { ANALYSIS_ENGINE: "local", LLM_MODEL: buildSyntheticGguf({ shape: "qwen2.5-1.5b", dir: path.resolve("bench/.data") }) }
    : { ANALYSIS_ENGINE: "extractive" }),
});
const load = () => os.loadavg()[0].toFixed(1);

/** A request on a kept-alive socket the server just closed fails once; every call here is idempotent. */
async function fetchRetry(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

try {
  const token = await benchUser(app.sql, 2000);
  const auth = { Authorization: `Bearer ${token}` };
  const wav = espeakWav(path.join(dir, "parlato.wav"));
  const webm = execFileSync(
    "ffmpeg",
    [
      "-nostdin",
      "-loglevel",
      "error",
      "-stream_loop",
      "-1",
      "-i",
      wav,
      "-t",
      String(seconds),
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      "-f",
      "webm",
      "pipe:1",
    ],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const opened = await fetchRetry(`${app.url}/api/recordings`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ mimeType: "audio/webm;codecs=opus" }),
  });
  const id = ((await opened.json()) as { databaseId: string }).databaseId;
  const live = async () =>
    (await (await fetchRetry(`${app.url}/api/recordings/${id}/live`, { headers: auth })).json()) as {
      behindSeconds: number;
      transcribedSeconds: number;
      text: string;
      draft: string;
    };

  console.log(
    `\nMacchina: ${os.cpus().length} core, carico ${load()}, modello sintetico ${arch} ${values.weights} (${values.segments} segmenti, ${values.tokens} token per finestra), ${minutes} min a velocità ${speed || "massima"}, contesto delle finestre ${process.env.LIVE_AUDIO_CONTEXT ?? "fit"}`,
  );
  const size = Math.ceil(webm.length / seconds);
  const lags: number[] = [];
  let firstWordsAt: number | undefined;
  const started = performance.now();
  for (let i = 0; i < seconds; i++) {
    if (speed > 0) {
      const due = started + (i * 1000) / speed;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const response = await fetchRetry(`${app.url}/api/recordings/${id}/chunks/${i}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/octet-stream", "X-Recording-Seconds": String(i + 1) },
      body: new Uint8Array(webm.subarray(i * size, Math.min(webm.length, (i + 1) * size))),
    });
    if (!response.ok) throw new Error(`chunk ${i}: ${response.status}`);
    if (speed > 0 && (i + 1) % 5 === 0) {
      const view = await live();
      lags.push(view.behindSeconds);
      if (firstWordsAt === undefined && (view.text || view.draft)) firstWordsAt = i + 1;
    }
  }
  if (speed === 0) {
    // Everything sent at once: wait for the windows to catch up (the machine's own pace).
    const catchStart = performance.now();
    for (;;) {
      const view = await live();
      if (view.behindSeconds < 8) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(
      `finestre al passo con ${minutes} min di audio in ${((performance.now() - catchStart) / 1000).toFixed(0)} s (${((performance.now() - catchStart) / 1000 / seconds).toFixed(2)} × tempo reale)`,
    );
  }
  const before = await live();
  if (lags.length) {
    const mean = lags.reduce((a, b) => a + b, 0) / lags.length;
    console.log(
      `ritardo della diretta: medio ${mean.toFixed(1)} s, massimo ${Math.max(...lags)} s, all'«Invia» ${before.behindSeconds} s; prime parole dopo ${firstWordsAt ?? "—"} s di registrazione`,
    );
  }

  if (withLlm) {
    const [{ parts }] = await app.sql<{ parts: number }[]>`select count(*)::int as parts from minutes_parts where transcription_id = ${id}`;
    console.log(`parti del verbale scritte dal modello linguistico durante la registrazione: ${parts}`);
  }
  const invia = performance.now();
  const finalize = await fetchRetry(`${app.url}/api/recordings/${id}/finalize`, { method: "POST", headers: auth });
  if (!finalize.ok) throw new Error(`finalize: ${finalize.status} ${await finalize.text()}`);
  const answered = performance.now();
  let status = "";
  while (status !== "COMPLETED") {
    status = ((await (await fetchRetry(`${app.url}/api/transcription/${id}/progress`, { headers: auth })).json()) as { status: string }).status;
    if (status === "FAILED") throw new Error("pipeline failed");
    await new Promise((r) => setTimeout(r, 100));
  }
  const completed = performance.now();
  console.log(
    `| ${minutes} min, ${arch}, velocità ${speed || "max"}, verbale ${withLlm ? "LLM" : "estrattivo"} | ritardo all'«Invia» ${before.behindSeconds} s | «Invia» → risposta ${((answered - invia) / 1000).toFixed(1)} s | → COMPLETED ${((completed - invia) / 1000).toFixed(1)} s | carico ${load()} |`,
  );
  if (withLlm) {
    // The LLM's own minutes: at once when the estimate allowed it, else when llm_rewrite replaced the stand-in.
    for (;;) {
      const [row] = await app.sql<{ engine: string | null; standIn: string | null }[]>`
        select engine, stand_in as "standIn" from analyses where transcription_id = ${id}`;
      if (row?.engine === "llm") break;
      if (row?.standIn && row.standIn !== "slow") throw new Error(`the LLM did not write the minutes: ${row.standIn}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`«Invia» → verbale del modello linguistico ${((performance.now() - invia) / 1000).toFixed(1)} s (carico ${load()})`);
  }
} finally {
  await app.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
