import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { espeakWav } from "../tests/support/audio";
import { startOpenAIDouble } from "../tests/support/openai-double";
import { liveHeapMb, takeHeapSnapshot } from "./heap";
import { benchSnapshotDir, benchUser, rssMb, startBenchApp } from "./upload";

/**
 * Recordings uploaded while they are made (issue 14, decision 009), through the real server:
 * 1. server RSS while a simulated 2-hour recording arrives as 7,200 chunks of 1 s (64 kbit/s,
 *    8 KB each), sent back to back; sampled every 600 chunks (10 minutes of audio);
 * 2. "Invia" → COMPLETED for a 60-minute recording already on the server (3,600 real webm/opus
 *    chunks), with the OpenAI-compatible engines on the test double.
 * Run: npm run build && node --import tsx bench/recording-chunks.ts
 * BENCH_HEAP=1 adds the live JS heap (a heap snapshot, bench/heap.ts) after 10, 60 and 120
 * minutes of audio; BENCH_PART=memory runs the first part only, BENCH_PART=invia the second only.
 */

async function put(url: string, token: string, id: string, index: number, body: Uint8Array): Promise<void> {
  const response = await fetch(`${url}/api/recordings/${id}/chunks/${index}`, {
    method: "PUT",
    // Each chunk is one second of audio, as the recorder counts it.
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream", "X-Recording-Seconds": String(index + 1) },
    body: new Uint8Array(body),
  });
  if (!response.ok) throw new Error(`chunk ${index}: ${response.status} ${await response.text()}`);
}

async function open(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/api/recordings`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ mimeType: "audio/webm;codecs=opus" }),
  });
  return ((await response.json()) as { databaseId: string }).databaseId;
}

const double = await startOpenAIDouble();
const app = await startBenchApp(Number(process.env.BENCH_PORT ?? 3299), {
  TRANSCRIPTION_ENGINE: "openai",
  ANALYSIS_ENGINE: "openai",
  OPENAI_API_KEY: double.apiKey,
  OPENAI_BASE_URL: double.baseURL,
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-rec-"));
try {
  const token = await benchUser(app.sql, 2000);
  console.log(`\nMacchina: ${os.cpus().length} core, Node ${process.version}`);

  if (process.env.BENCH_PART !== "invia") {
    // 1. Memory over a 2-hour recording.
    const chunk = new Uint8Array(8000).map((_, i) => (i * 31) % 251);
    const warm = await open(app.url, token);
    for (let i = 0; i < 50; i++) await put(app.url, token, warm, i, chunk);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(app.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 50);
    const id = await open(app.url, token);
    const samples: string[] = [];
    const started = performance.now();
    for (let i = 0; i < 7200; i++) {
      await put(app.url, token, id, i, chunk);
      if ((i + 1) % 600 === 0) samples.push(`${(i + 1) / 60} min: ${rssMb(app.pid).toFixed(0)} MB`);
      if (process.env.BENCH_HEAP === "1" && [600, 3600, 7200].includes(i + 1)) {
        const before = rssMb(app.pid);
        const live = liveHeapMb(await takeHeapSnapshot(app.pid, benchSnapshotDir, `recording-${(i + 1) / 60}min`));
        console.log(
          `${(i + 1) / 60} min: RSS ${before.toFixed(0)} MB, heap vivo ${live.toFixed(1)} MB, RSS dopo il GC dell'istantanea ${rssMb(app.pid).toFixed(0)} MB`,
        );
      }
    }
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `| 2 ore simulate (7.200 parti da 8 KB) | ${seconds.toFixed(0)} s (${(7200 / seconds).toFixed(0)} parti/s) | RSS a riposo ${idle.toFixed(0)} MB | picco ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB) |`,
    );
    console.log(`RSS ogni 10 minuti di audio: ${samples.join(", ")}`);
  }

  if (process.env.BENCH_PART !== "memory") {
    // 2. "Invia" → COMPLETED for 60 minutes already uploaded.
    const wav = espeakWav(path.join(dir, "parlato.wav"));
    // Asynchronous: a minute-long synchronous encode froze the event loop, so the idle keep-alive
    // socket the server had closed meanwhile was reused by the next request ("other side closed").
    const { stdout: webm } = await promisify(execFile)(
      "ffmpeg",
      ["-nostdin", "-loglevel", "error", "-stream_loop", "-1", "-i", wav, "-t", "3600", "-c:a", "libopus", "-b:a", "32k", "-f", "webm", "pipe:1"],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
    );
    const hour = await open(app.url, token);
    const size = Math.ceil(webm.length / 3600);
    for (let i = 0; i < 3600; i++) await put(app.url, token, hour, i, webm.subarray(i * size, Math.min(webm.length, (i + 1) * size)));
    // In a real meeting the chunks come at one per second and the live windows keep up (decision
    // 010); here they came back to back, so wait until the windows have caught up as they would
    // have, then press «Invia».
    const caughtUp = performance.now();
    for (;;) {
      const live = (await (await fetch(`${app.url}/api/recordings/${hour}/live`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        behindSeconds: number;
      };
      if (live.behindSeconds <= 30) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`Finestre in diretta raggiunte in ${((performance.now() - caughtUp) / 1000).toFixed(0)} s dopo l'ultima parte`);
    const invia = performance.now();
    const finalize = await fetch(`${app.url}/api/recordings/${hour}/finalize`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    if (!finalize.ok) throw new Error(`finalize: ${finalize.status} ${await finalize.text()}`);
    const answered = performance.now();
    for (;;) {
      const progress = (await (
        await fetch(`${app.url}/api/transcription/${hour}/progress`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { status: string };
      if (progress.status === "COMPLETED") break;
      if (progress.status === "FAILED") throw new Error("pipeline failed");
      await new Promise((r) => setTimeout(r, 50));
    }
    const completed = performance.now();
    console.log(
      `| 60 minuti (${(webm.length / 1024 / 1024).toFixed(1)} MB webm/opus, 3.600 parti) | «Invia» → risposta ${((answered - invia) / 1000).toFixed(2)} s | → COMPLETED ${((completed - invia) / 1000).toFixed(2)} s |`,
    );
  }
} finally {
  await app.stop();
  await double.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
