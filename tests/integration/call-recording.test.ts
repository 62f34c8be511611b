import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptionSegments, transcriptions } from "~/db/schema";
import { REMOTE_PARTICIPANTS, type AudioSource } from "~/lib/audio-source";
import { action as uploadAction } from "~/routes/api.transcription";
import { action as transcriptionAction } from "~/routes/api.transcription.$id";
import { action as startAction } from "~/routes/api.recordings";
import { action as chunkAction } from "~/routes/api.recordings.$id.chunks.$index";
import { action as finalizeAction } from "~/routes/api.recordings.$id.finalize";
import { measureChannelLevels } from "~/services/channel-levels.server";
import { setConfigForTests } from "~/services/config.server";
import { buildSyntheticModel } from "../support/synthetic-ggml";
import { setEnginesForTests } from "../../worker/engines/index";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { runLiveWindow } from "../../worker/tasks/live-transcribe";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

/**
 * A call recording end to end on the server (issue 30): a real stereo webm/opus (left the
 * microphone, right the call, each an espeak-ng voice, and the call's echo in the microphone 20 dB
 * down as loudspeakers make it) arrives in chunks through the API, is finalized, and the real
 * worker transcribes it with whisper.cpp on a synthetic model (it "says" a fixed script in two
 * segments, the first half of the audio and the second: see synthetic-ggml.ts). The channels,
 * measured with ffmpeg, give each segment its speaker.
 */

const db = useTestDatabase();
const SECONDS = 24;
const TURN = SECONDS / 2;
const OWNER = "Sara Fontana";
let fixtures: string;
let stereo: Buffer;
let worker: WorkerHandle | undefined;

function espeak(file: string, voice: string, text: string) {
  execFileSync("espeak-ng", ["-v", voice, "-s", "150", "-w", file, text]);
  return file;
}

/** ffmpeg with the test's usual quiet flags; returns stdout. */
const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", ...args], { maxBuffer: 64 * 1024 * 1024 });

beforeAll(() => {
  fixtures = path.join(db.dataDir, "fixtures");
  fs.mkdirSync(fixtures, { recursive: true });
  const mic = espeak(
    path.join(fixtures, "mic.wav"),
    "it",
    "Buongiorno a tutti, sono Sara. Oggi parliamo del bilancio del primo trimestre e del nuovo sito.",
  );
  const remote = espeak(
    path.join(fixtures, "call.wav"),
    "it+f2",
    "Grazie Sara, dal nostro ufficio confermiamo la consegna del progetto entro la fine di giugno.",
  );
  // Each voice repeated to fill its turn: the microphone speaks in the first half, the call in the second.
  const graph = [
    `[0:a]aresample=48000,atrim=0:${TURN - 0.3},apad=whole_dur=${SECONDS}[m]`,
    `[1:a]aresample=48000,atrim=0:${TURN - 0.3},adelay=${TURN * 1000}:all=1,apad=whole_dur=${SECONDS}[c]`,
    `[c]asplit[c1][c2]`,
    `[c2]volume=0.1[echo]`,
    `[m][echo]amix=inputs=2:normalize=0[l]`,
    `[l][c1]join=inputs=2:channel_layout=stereo[out]`,
  ].join(";");
  stereo = ffmpeg([
    ...["-stream_loop", "-1", "-i", mic, "-stream_loop", "-1", "-i", remote, "-filter_complex", graph, "-map", "[out]", "-t", String(SECONDS)],
    ...["-c:a", "libopus", "-b:a", "64k", "-f", "webm", "pipe:1"],
  ]);
  const model = buildSyntheticModel({ arch: "tiny", segmentsPerWindow: 2, spanSeconds: SECONDS, dir: path.resolve("tests/.data/models") });
  setEnginesForTests(undefined);
  setConfigForTests({
    TRANSCRIPTION_ENGINE: "whisper",
    WHISPER_MODEL: model,
    // Nothing to download in tests: a wrong model fails fast.
    WHISPER_MODEL_URL: "http://127.0.0.1:9/models",
    ANALYSIS_ENGINE: "extractive",
  });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
});

async function call(handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rowOf = async (id: string) => (await getDb().select().from(transcriptions).where(eq(transcriptions.id, id)))[0];

/** Records `audio` as the browser does: open with its source, chunks of about a second, finalize. */
async function record(user: TestUser, audio: Buffer, source: AudioSource, midway?: (id: string) => Promise<void>): Promise<string> {
  const opened = await call(startAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm;codecs=opus", source } }));
  expect(opened.status).toBe(200);
  const id = opened.body.databaseId as string;
  expect((await rowOf(id)).audioSource).toBe(source);
  const size = Math.ceil(audio.length / SECONDS);
  for (let i = 0; i * size < audio.length; i++) {
    if (i === SECONDS - 6 && midway) await midway(id);
    const request = new Request(`http://localhost:3000/api/recordings/${id}/chunks/${i}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/octet-stream", "X-Recording-Seconds": String(i + 1) },
      body: new Uint8Array(audio.subarray(i * size, (i + 1) * size)),
    });
    expect((await call(chunkAction, request, { id, index: String(i) })).status).toBe(200);
  }
  expect((await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id })).status).toBe(200);
  return id;
}

async function transcribed(id: string, { completed = false, timeoutMs = 240_000 } = {}) {
  worker ??= await startWorker({ connectionString: db.url, pollInterval: 100 });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await rowOf(id);
    // Speakers are written with the transcript, before the analysis: no need to wait for it.
    if (row.status === "FAILED") throw new Error(`failed: ${row.failureReason}`);
    if (row.status === "COMPLETED" || (!completed && row.stage === "analyzing")) break;
    if (Date.now() > deadline) throw new Error(`still ${row.status} (${row.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return getDb()
    .select()
    .from(transcriptionSegments)
    .where(eq(transcriptionSegments.transcriptionId, id))
    .orderBy(asc(transcriptionSegments.position));
}

// Real whisper.cpp runs on a 2-core machine shared with other work: minutes, not seconds, when busy.
describe("call recordings: who spoke, from the channels", { timeout: 300_000 }, () => {
  it("measures the two channels: the microphone speaks first, the call second (its echo 20 dB down in the microphone)", async () => {
    const file = path.join(fixtures, "stereo.webm");
    fs.writeFileSync(file, stereo);
    const levels = await measureChannelLevels(file, { demuxer: "matroska" });
    expect(levels).not.toBeNull();
    // Digital silence (-Infinity) counts as -100 dBFS.
    const { left, right } = levels!;
    expect(left.length).toBeGreaterThanOrEqual(SECONDS * 10 - 1);
    // Per frame where one side speaks: how much quieter the other side is (median).
    const gap = (from: number, to: number, loud: readonly number[], quiet: readonly number[]) => {
      const gaps: number[] = [];
      for (let i = from * 10; i < to * 10; i++) if (loud[i] > -40) gaps.push(loud[i] - Math.max(-100, quiet[i]));
      gaps.sort((a, b) => a - b);
      return gaps[Math.floor(gaps.length / 2)];
    };
    expect(gap(0, TURN, left, right)).toBeGreaterThan(40);
    // The echo: the microphone hears the call, quieter by about 20 dB.
    const echo = gap(TURN, SECONDS, right, left);
    expect(echo).toBeGreaterThan(15);
    expect(echo).toBeLessThan(25);
    // A mono file has no sides.
    const mono = path.join(fixtures, "mono.webm");
    ffmpeg(["-i", file, "-ac", "1", "-c:a", "libopus", mono]);
    expect(await measureChannelLevels(mono, { demuxer: "matroska" })).toBeNull();
  });

  it("microphone and call: the microphone's segments carry the account's name, the call's «Partecipanti remoti»", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY", name: OWNER });
    const id = await record(user, stereo, "microphone-and-call");
    const segments = await transcribed(id, { completed: true });
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const mine = segments.filter((s) => s.end <= TURN + 0.5);
    const theirs = segments.filter((s) => s.start >= TURN - 0.5);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    for (const s of mine) expect(s.speaker).toBe(OWNER);
    for (const s of theirs) expect(s.speaker).toBe(REMOTE_PARTICIPANTS);
    expect((await rowOf(id)).audioSource).toBe("microphone-and-call");

    // The existing renaming works on these labels: the remote side gets a name.
    const request = apiRequest(`/api/transcription/${id}`, {
      token: user.token,
      method: "PATCH",
      body: { speakers: [{ from: REMOTE_PARTICIPANTS, to: "Marco Rossi" }] },
    });
    const renamed = await transcriptionAction({ request, params: { id }, context: {} } as never);
    expect(renamed.status).toBe(200);
    const after = await transcribed(id);
    expect(after.map((s) => s.speaker)).toEqual(segments.map((s) => (s.speaker === REMOTE_PARTICIPANTS ? "Marco Rossi" : s.speaker)));
  });

  it("words the live windows heard while recording, reused by the final pass, get their speakers too", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY", name: OWNER });
    let liveSegments = 0;
    const id = await record(user, stereo, "microphone-and-call", async (recording) => {
      // The windows run here, as the worker would (which may also be running some): until some words
      // are committed from them, however the machine's load spaces the windows out.
      const deadline = Date.now() + 60_000;
      while (liveSegments === 0 && Date.now() < deadline) {
        if ((await runLiveWindow(recording)) !== "transcribed") await new Promise((r) => setTimeout(r, 300));
        liveSegments = ((await rowOf(recording)).live as { segments?: unknown[] } | null)?.segments?.length ?? 0;
      }
    });
    expect(liveSegments).toBeGreaterThan(0);
    const segments = await transcribed(id);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    // Whatever the windows cut: a segment inside one turn has that side, one across both has none.
    for (const s of segments) {
      if (s.end <= TURN + 0.3) expect(s.speaker).toBe(OWNER);
      else if (s.start >= TURN - 0.3) expect(s.speaker).toBe(REMOTE_PARTICIPANTS);
      else expect(s.speaker).toBeNull();
    }
    expect(segments.some((s) => s.speaker === OWNER)).toBe(true);
  });

  it("call only: every segment is «Partecipanti remoti»", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY", name: OWNER });
    const id = await record(user, stereo, "call");
    const segments = await transcribed(id);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set([REMOTE_PARTICIPANTS]));
  });

  it("an uploaded stereo file is never split by channel, and a microphone recording neither", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY", name: OWNER });
    const data = new FormData();
    data.append("audio", new Blob([new Uint8Array(stereo)], { type: "audio/webm" }), "riunione.webm");
    const response = await uploadAction({
      request: new Request("http://localhost:3000/api/transcription", {
        method: "POST",
        headers: { Authorization: `Bearer ${user.token}` },
        body: data,
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    const uploaded = ((await response.json()) as { databaseId: string }).databaseId;
    expect((await rowOf(uploaded)).audioSource).toBeNull();
    const fromMic = await record(user, stereo, "microphone");
    for (const id of [uploaded, fromMic]) {
      const segments = await transcribed(id);
      expect(segments.length).toBeGreaterThanOrEqual(2);
      for (const s of segments) expect([OWNER, REMOTE_PARTICIPANTS]).not.toContain(s.speaker);
    }
  });
});
