import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import type { LiveState } from "~/lib/live-transcript";
import { action as startAction } from "~/routes/api.recordings";
import { loader as liveLoader } from "~/routes/api.recordings.$id.live";
import { action as chunkAction } from "~/routes/api.recordings.$id.chunks.$index";
import { action as finalizeAction } from "~/routes/api.recordings.$id.finalize";
import { setConfigForTests } from "~/services/config.server";
import { measureDecodedSeconds } from "~/services/media-probe.server";
import { setEnginesForTests } from "../../worker/engines/index";
import { LocalAnalysisEngine } from "../../worker/engines/local-analysis/index";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { runLiveWindow } from "../../worker/tasks/live-transcribe";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";
import { scriptText, toneScript, ToneSpeechEngine, toneSpeechWebm } from "../support/tone-speech";

/**
 * The live transcript (issue 17, decision 010) with real chunks (webm/opus from ffmpeg, cut like
 * MediaRecorder's), real ffmpeg windows, the real worker and Postgres, and a speech engine double
 * that hears tone-words: every word said must come out once, across window seams and across the
 * seam between the live words and the final pass.
 */

const db = useTestDatabase();
const SECONDS = 95;
const script = toneScript(SECONDS);
const expected = scriptText(script);
let webm: Buffer;
let pieces: Buffer[];
let engine: ToneSpeechEngine;
let worker: WorkerHandle | undefined;
/** The recording's length decoded whole, as a finalize without live windows counts it. */
let decodedWhole: number;

beforeAll(() => {
  setConfigForTests({ TRANSCRIPTION_ENGINE: "whisper", ANALYSIS_ENGINE: "extractive" });
  webm = toneSpeechWebm(path.join(db.dataDir, "fixtures"), SECONDS, script);
  // One piece per second of audio, as MediaRecorder's 1 s timeslice (cut by bytes: only the first has the header).
  const size = Math.ceil(webm.length / SECONDS);
  pieces = Array.from({ length: SECONDS }, (_, i) => webm.subarray(i * size, Math.min(webm.length, (i + 1) * size)));
});

beforeAll(async () => {
  const file = path.join(db.dataDir, "fixtures", "whole.webm");
  fs.writeFileSync(file, webm);
  decodedWhole = await measureDecodedSeconds(file, "matroska", 3600);
});

afterAll(async () => {
  setEnginesForTests(undefined);
  await worker?.stop();
});

async function call(handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function open(user: TestUser): Promise<string> {
  const r = await call(startAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm;codecs=opus" } }));
  expect(r.status).toBe(200);
  return r.body.databaseId as string;
}

async function send(user: TestUser, id: string, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const request = new Request(`http://localhost:3000/api/recordings/${id}/chunks/${i}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/octet-stream", "X-Recording-Seconds": String(i + 1) },
      body: new Uint8Array(pieces[i]),
    });
    expect((await call(chunkAction, request, { id, index: String(i) })).status).toBe(200);
  }
}

const live = (user: TestUser, id: string) => call(liveLoader, apiRequest(`/api/recordings/${id}/live`, { token: user.token }), { id });
const rowOf = async (id: string) => (await getDb().select().from(transcriptions).where(eq(transcriptions.id, id)))[0];

/** Runs windows until the live transcript has caught up with what arrived. */
async function catchUp(id: string) {
  for (let i = 0; i < 20; i++) if ((await runLiveWindow(id)) !== "transcribed") return;
  throw new Error("live transcript never caught up");
}

async function waitFor(id: string, statuses: string[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await rowOf(id);
    if (statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`still ${row.status} (${row.stage})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("live transcript", () => {
  it("grows window by window while chunks arrive, without a word lost or doubled at the seams; the final pass hears only the tail", async () => {
    engine = new ToneSpeechEngine();
    setEnginesForTests({ speech: engine, analysis: new LocalAnalysisEngine() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);

    const texts: string[] = [];
    for (const upTo of [12, 30, 47, 70, 88]) {
      await send(user, id, texts.length ? [12, 30, 47, 70, 88][texts.length - 1] : 0, upTo);
      await catchUp(id);
      const view = await live(user, id);
      expect(view.status).toBe(200);
      const words = `${view.body.text as string} ${view.body.draft as string}`.trim();
      texts.push(view.body.text as string);
      // What is final is exactly the beginning of what was said; the draft follows it.
      expect(expected.startsWith(view.body.text as string)).toBe(true);
      expect(expected.startsWith(words)).toBe(true);
      expect(view.body.behindSeconds as number).toBeLessThan(6);
    }
    // It grew every time.
    for (let i = 1; i < texts.length; i++) expect(texts[i].length).toBeGreaterThan(texts[i - 1].length);
    const state = (await rowOf(id)).live as LiveState;
    expect(state.windows).toBeGreaterThanOrEqual(5);

    // "Invia": the rest arrives, finalize, and the worker does the tail and the analysis.
    await send(user, id, 88, SECONDS);
    const heardBefore = engine.heard.length;
    expect((await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id })).status).toBe(
      200,
    );
    worker = await startWorker({ connectionString: db.url, pollInterval: 100 });
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    await worker.stop();
    worker = undefined;
    expect(done.status).toBe("COMPLETED");
    expect(done.text).toBe(expected);
    expect(done.live).toBeNull();
    // Finalize decoded only what followed the live words, and counted the same seconds as decoding it all.
    expect(done.duration).toBeCloseTo(decodedWhole, 1);
    // The final pass heard only what came after the live words (one call, well under the whole recording).
    const finalCalls = engine.heard.slice(heardBefore);
    expect(finalCalls).toHaveLength(1);
    expect(finalCalls[0]).toBeLessThan(SECONDS - state.committedUntil + 1);
    expect(finalCalls[0]).toBeLessThan(30);
  }, 120_000);

  it("a window cut mid-sentence leaves the cut words as a draft, and the next window hears them whole", async () => {
    engine = new ToneSpeechEngine();
    setEnginesForTests({ speech: engine });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);
    // Windows of every length from 5 to 28 s: seams fall at many different places in the speech.
    let sent = 0;
    for (const step of [5, 7, 9, 6, 11, 8, 10, 13, 5, 6]) {
      await send(user, id, sent, Math.min(SECONDS, sent + step));
      sent = Math.min(SECONDS, sent + step);
      await catchUp(id);
      const state = (await rowOf(id)).live as LiveState;
      const text = state.segments.map((s) => s.text).join(" ");
      expect(expected.startsWith(text)).toBe(true);
      // The committed point is never inside the guard at the end of what was heard.
      expect(state.committedUntil).toBeLessThanOrEqual(state.processedUntil);
    }
    const state = (await rowOf(id)).live as LiveState;
    expect(state.segments.length).toBeGreaterThan(5);
  }, 120_000);

  it("queues one live job per recording, behind the pipeline's jobs, and stops once the recording is sent", async () => {
    setEnginesForTests({ speech: new ToneSpeechEngine() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);
    await send(user, id, 0, 10);
    // Ten chunks, one job: its run time kept (preserve_run_at), not pushed back by each chunk.
    const jobs = await getDb().execute<{ priority: number; task_identifier: string }>(
      sql`select priority, task_identifier from graphile_worker.jobs where key = ${`live:${id}`}`,
    );
    expect(jobs.length).toBe(1);
    expect(jobs[0].task_identifier).toBe("live_transcribe");
    expect(jobs[0].priority).toBeGreaterThan(0);
    expect((await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id })).status).toBe(
      200,
    );
    expect(await runLiveWindow(id)).toBe("not-recording");
  });

  it("«Invia» stops a live window still running: the final pass does not wait for it, and no word is lost", async () => {
    let entered: () => void = () => {};
    const windowStarted = new Promise<void>((resolve) => (entered = resolve));
    let abortedByInvia = false;
    // The first window hangs like a slow model on a busy machine (at most 20 s, then it answers).
    class Slow extends ToneSpeechEngine {
      private calls = 0;
      override async transcribe(input: Parameters<ToneSpeechEngine["transcribe"]>[0]) {
        if (this.calls++ > 0) return super.transcribe(input);
        entered();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 20_000);
          input.signal?.addEventListener("abort", () => {
            abortedByInvia = true;
            clearTimeout(timer);
            resolve();
          });
        });
        input.signal?.throwIfAborted();
        return super.transcribe(input);
      }
    }
    setEnginesForTests({ speech: new Slow(), analysis: new LocalAnalysisEngine() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);
    // Earlier tests left jobs queued (live windows, final passes): the call that hangs must be this recording's window.
    await getDb().execute(sql`select graphile_worker.remove_job(key) from graphile_worker.jobs where key is not null`);
    worker = await startWorker({ connectionString: db.url, pollInterval: 100 });
    await send(user, id, 0, SECONDS);
    await windowStarted;
    expect((await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id })).status).toBe(
      200,
    );
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    await worker.stop();
    worker = undefined;
    expect(abortedByInvia).toBe(true);
    expect(done.status).toBe("COMPLETED");
    expect(done.text).toBe(expected);
  }, 120_000);

  it("shares the worker between recordings: a long one that fell behind and a new one take turns, one window each", async () => {
    // Windows taken in order, with how many each recording had already when the next began.
    const order: string[] = [];
    const ids = { long: "", fresh: "" };
    class Watching extends ToneSpeechEngine {
      override async transcribe(input: Parameters<ToneSpeechEngine["transcribe"]>[0]) {
        const rows = await getDb().execute<{ id: string; windows: number | null }>(
          sql`select id, (live->>'windows')::int as windows from transcriptions where id in (${ids.long}, ${ids.fresh})`,
        );
        order.push(
          rows
            .map((r) => `${r.id === ids.long ? "long" : "fresh"}:${r.windows ?? 0}`)
            .sort()
            .join(" "),
        );
        return super.transcribe(input);
      }
    }
    setEnginesForTests({ speech: new Watching() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const other = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    ids.long = await open(user);
    ids.fresh = await open(other);
    // 90 s arrived while the worker was busy elsewhere; the other meeting just started.
    await send(user, ids.long, 0, 90);
    await send(other, ids.fresh, 0, 10);
    // Only these two recordings in the queue (an earlier test left a sent recording's transcribe job).
    await getDb().execute(
      sql`delete from graphile_worker._private_jobs where key is null or key not in (${`live:${ids.long}`}, ${`live:${ids.fresh}`})`,
    );
    worker = await startWorker({ connectionString: db.url, pollInterval: 100 });
    const deadline = Date.now() + 60_000;
    // Caught up: less than one window's worth of new audio left (the last piece ends mid-cluster),
    // and the new meeting's window saved (it may still be running when the long one is done).
    const done = async () => {
      const long = (await rowOf(ids.long)).live as LiveState | null;
      const fresh = (await rowOf(ids.fresh)).live as LiveState | null;
      return (long?.processedUntil ?? 0) >= 85 && (fresh?.windows ?? 0) >= 1;
    };
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await worker.stop();
    worker = undefined;
    // The new meeting got its first window right after the long one's first, not after all four.
    expect(order[0]).toBe("fresh:0 long:0");
    expect(order[1]).toBe("fresh:0 long:1");
    expect(((await rowOf(ids.long)).live as LiveState).windows).toBeGreaterThanOrEqual(4);
    expect(((await rowOf(ids.fresh)).live as LiveState).windows).toBe(1);
  }, 120_000);

  it("answers 404 to another user's recording and to a bad id, 401 without a session", async () => {
    setEnginesForTests({ speech: new ToneSpeechEngine() });
    const owner = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const other = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(owner);
    await send(owner, id, 0, 8);
    await catchUp(id);
    const own = await live(owner, id);
    expect(own.status).toBe(200);
    expect(`${own.body.text as string} ${own.body.draft as string}`.trim().length).toBeGreaterThan(0);
    const stranger = await live(other, id);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(own.body.draft as string);
    expect((await call(liveLoader, apiRequest(`/api/recordings/nope/live`, { token: owner.token }), { id: "nope" })).status).toBe(404);
    expect((await call(liveLoader, new Request(`http://localhost:3000/api/recordings/${id}/live`), { id })).status).toBe(401);
  });

  it("a final pass with another engine than the windows' transcribes the whole recording", async () => {
    engine = new ToneSpeechEngine();
    setEnginesForTests({ speech: engine, analysis: new LocalAnalysisEngine() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);
    await send(user, id, 0, 40);
    await catchUp(id);
    // The windows were heard by another model: their words cannot be joined to this one's.
    await getDb().execute(sql`update transcriptions set live = jsonb_set(live, '{model}', '"altro"') where id = ${id}`);
    await send(user, id, 40, SECONDS);
    const before = engine.heard.length;
    await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id });
    worker = await startWorker({ connectionString: db.url, pollInterval: 100 });
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    await worker.stop();
    worker = undefined;
    expect(done.text).toBe(expected);
    expect(engine.heard.slice(before)[0]).toBeGreaterThan(SECONDS - 1);
    // Counted once for the whole recording, windows or not.
    expect(done.duration).toBeCloseTo(decodedWhole, 1);
  }, 120_000);

  it("a live point past the end of the audio is not trusted: finalize decodes and counts it all", async () => {
    setEnginesForTests({ speech: new ToneSpeechEngine(), analysis: new LocalAnalysisEngine() });
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const id = await open(user);
    await send(user, id, 0, SECONDS);
    await catchUp(id);
    await getDb().execute(sql`update transcriptions set live = jsonb_set(live, '{committedUntil}', '500') where id = ${id}`);
    const sent = await call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id });
    expect(sent.status).toBe(200);
    expect(sent.body.durationSec as number).toBeCloseTo(decodedWhole, 1);
    expect((await rowOf(id)).duration).toBeCloseTo(decodedWhole, 1);
  }, 120_000);
});
