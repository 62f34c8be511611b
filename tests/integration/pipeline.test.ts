import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { analyses, transcriptionSegments, transcriptions } from "~/db/schema";
import { analysisResultSchema } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { action as analyzeAction } from "~/routes/api.analyze.$id";
import { action as uploadAction } from "~/routes/api.transcription";
import { loader as progressLoader } from "~/routes/api.transcription.$id.progress";
import { madeByText } from "~/lib/topics";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";
import { saveVocabulary } from "~/services/vocabulary.server";
import { retryTranscription } from "~/services/pipeline.server";
import { planChunks } from "../../worker/engines/chunking";
import { setEnginesForTests } from "../../worker/engines/index";
import { OpenAISpeechEngine } from "../../worker/engines/openai-speech";
import type { SpeechEngine, SpeechInput } from "../../worker/engines/types";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { unlockStaleJobs, withHeartbeat } from "../../worker/tasks/unlock-stale-jobs";
import { speechFile } from "../support/audio";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double";
import { createTestUser, useTestDatabase, type TestUser } from "../support/db";

/** The real worker in this process, the real ffmpeg, the OpenAI engines against the test double. */

const db = useTestDatabase();
let double: OpenAIDouble;
let worker: WorkerHandle;
let user: TestUser;
let audio: string;

beforeAll(async () => {
  double = await startOpenAIDouble();
  setConfigForTests({ TRANSCRIPTION_ENGINE: "openai", ANALYSIS_ENGINE: "openai", OPENAI_API_KEY: double.apiKey, OPENAI_BASE_URL: double.baseURL });
  worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
  user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
  audio = speechFile(path.join(db.dataDir, "fixtures", "riunione.ogg"), 10, undefined, ["-c:a", "libopus"]);
});

afterAll(async () => {
  setEnginesForTests(undefined);
  await worker?.stop();
  await double?.close();
});

afterEach(() => {
  setEnginesForTests(undefined);
  double.failAlways("transcriptions", undefined);
  double.failAlways("chat", undefined);
});

async function uploadAudio(file = audio, owner = user): Promise<string> {
  const data = new FormData();
  data.append("audio", new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await uploadAction({
    request: new Request("http://localhost:3000/api/transcription", { method: "POST", headers: { Authorization: `Bearer ${owner.token}` }, body: data }),
    params: {},
    context: {},
  });
  const body = (await response.json()) as { databaseId: string };
  expect(response.status).toBe(200);
  return body.databaseId;
}

async function row(id: string) {
  const [r] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, id));
  return r;
}

async function waitFor(id: string, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await row(id);
    if (statuses.includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`timeout waiting for ${statuses.join("/")}: ${r.status} ${r.stage} ${r.progress} ${r.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tempLeft = () => (fs.existsSync(path.join(db.dataDir, "tmp")) ? fs.readdirSync(path.join(db.dataDir, "tmp")) : []);

async function progressOf(id: string, token: string, accept?: string) {
  return progressLoader({
    request: new Request(`http://localhost:3000/api/transcription/${id}/progress`, { headers: { Authorization: `Bearer ${token}`, ...(accept ? { Accept: accept } : {}) } }),
    params: { id },
    context: {},
  });
}

describe("pipeline", () => {
  it("takes an upload to COMPLETED: text, segments, analysis, engines recorded, progress 100, temp files gone", async () => {
    const id = await uploadAudio();
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    expect(done.status).toBe("COMPLETED");
    expect(done).toMatchObject({ stage: "completed", progress: 100, speechEngine: "openai", speechModel: "whisper-1", language: "it", checkpoint: null, errorMessage: null });
    expect(done.duration).toBeCloseTo(10, 0);
    expect(done.text).toMatch(/^Buongiorno a tutti e grazie per essere qui\. Oggi parliamo del bilancio/);
    // The double's title (its own "model"), not the fallback.
    expect(done.title).toMatch(/^Riunione: Buongiorno a tutti/);
    expect(done.completedAt).toBeInstanceOf(Date);
    const segments = await getDb().select().from(transcriptionSegments).where(eq(transcriptionSegments.transcriptionId, id)).orderBy(asc(transcriptionSegments.position));
    expect(segments.map((s) => [s.start, s.end])).toEqual([[0, 4], [4, 8], [8, 10]]);
    const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id));
    expect(analysis).toMatchObject({ status: "COMPLETED", engine: "openai", model: "gpt-4o-mini", title: done.title });
    expect(analysisResultSchema.safeParse({ title: analysis.title, summary: analysis.summary, topics: analysis.topics }).success).toBe(true);
    expect(tempLeft()).toEqual([]);

    // Progress: the owner sees it, another user gets 404.
    const response = await progressOf(id, user.token);
    expect(await response.json()).toEqual({ success: true, status: "COMPLETED", stage: "completed", progress: 100, errorMessage: null });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    expect((await progressOf(id, other.token)).status).toBe(404);
    expect((await progressOf("non-un-id", user.token)).status).toBe(404);
  });

  it("with ANALYSIS_ENGINE=local and no LLM model that can be fetched, the extractive analyzer makes the minutes and the result says so", async () => {
    const before = getConfig();
    setConfigForTests({ ANALYSIS_ENGINE: "local", LLM_MODEL: undefined, LLM_MODEL_URL: "http://127.0.0.1:9/models" });
    try {
      const id = await uploadAudio();
      const done = await waitFor(id, ["COMPLETED", "FAILED"]);
      expect(done.status).toBe("COMPLETED");
      const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id));
      expect(analysis).toMatchObject({ status: "COMPLETED", engine: "local", model: "textrank-it-1" });
      expect(Array.isArray(analysis.decisions) && Array.isArray(analysis.actionItems)).toBe(true);
      expect(fs.existsSync(path.join(before.DATA_DIR, "models", "qwen2.5-1.5b-instruct-q4_k_m.gguf"))).toBe(false);
      const detail = await getTranscriptionDetail(id, { userId: user.id });
      expect(detail.analysis).toMatchObject({ engine: "local", model: "textrank-it-1", decisions: analysis.decisions, actionItems: analysis.actionItems });
      expect(madeByText(detail.analysis!.engine, detail.analysis!.model)).toBe("Verbale redatto da: analizzatore estrattivo locale (textrank-it-1).");
    } finally {
      setConfigForTests({ ANALYSIS_ENGINE: before.ANALYSIS_ENGINE, LLM_MODEL_URL: before.LLM_MODEL_URL });
    }
  });

  it("passes the owner's vocabulary to the speech engine as its prompt, and keeps diarized speakers as 'Relatore 1, 2…'", async () => {
    const speaker = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    await saveVocabulary(speaker.id, "Bianchi\nCondominio Aurora\nBianchi");
    setEnginesForTests({ speech: new OpenAISpeechEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "gpt-4o-transcribe-diarize", maxRetries: 0 }) });
    double.requests.length = 0;
    const id = await uploadAudio(audio, speaker);
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    const sent = double.requests.find((r) => r.path === "/v1/audio/transcriptions")!;
    expect(sent.fields.prompt).toBe("Glossario della riunione: Bianchi, Condominio Aurora.");
    const segments = await getDb().select().from(transcriptionSegments).where(eq(transcriptionSegments.transcriptionId, id)).orderBy(asc(transcriptionSegments.position));
    expect(segments.map((s) => s.speaker)).toEqual(["Relatore 1", "Relatore 2", "Relatore 1"]);

    // Without a vocabulary no prompt is sent.
    double.requests.length = 0;
    const plain = await uploadAudio();
    await waitFor(plain, ["COMPLETED", "FAILED"]);
    expect(double.requests.find((r) => r.path === "/v1/audio/transcriptions")!.fields.prompt).toBeUndefined();
  });

  it("streams progress as server-sent events until COMPLETED", async () => {
    double.setLatency(600);
    try {
      const id = await uploadAudio();
      const response = await progressOf(id, user.token, "text/event-stream");
      expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      const text = await new Response(response.body).text();
      const events = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]) as { status: string; progress: number; stage: string });
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events.at(-1)).toMatchObject({ status: "COMPLETED", progress: 100 });
      const progresses = events.map((e) => e.progress);
      expect([...progresses].sort((a, b) => a - b)).toEqual(progresses);
      expect(events.some((e) => e.status === "PROCESSING")).toBe(true);
    } finally {
      double.setLatency(0);
    }
  });

  it("retries a failing service with backoff, then FAILED with the technical reason and a plain Italian message", async () => {
    // No SDK retries here, so each job attempt is one request.
    setEnginesForTests({ speech: new OpenAISpeechEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "whisper-1", maxRetries: 0 }) });
    double.failAlways("transcriptions", { status: 503 });
    const before = double.requests.length;
    const id = await uploadAudio();
    const failed = await waitFor(id, ["FAILED", "COMPLETED"], 40_000);
    expect(failed.status).toBe("FAILED");
    expect(failed.errorMessage).toBe(PIPELINE_ERRORS.serviceDown);
    expect(failed.failureReason).toMatch(/503/);
    expect(double.requests.length - before).toBe(3);
    expect(failed.attempts).toBe(3);
    expect(tempLeft()).toEqual([]);
    // The job is gone: nothing left to retry on its own.
    const jobs = await getDb().execute(sql`select id from graphile_worker.jobs where key = ${`transcribe:${id}`}`);
    expect(jobs).toHaveLength(0);

    // The admin retry queues it again and it completes once the service is back.
    double.failAlways("transcriptions", undefined);
    setEnginesForTests(undefined);
    await expect(retryTranscription(id)).resolves.toEqual({ id, job: "transcribe" });
    await expect(retryTranscription(id)).rejects.toMatchObject({ status: 409 });
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
  }, 60_000);

  it("fails at once, without retries, when retrying cannot help (wrong API key)", async () => {
    setEnginesForTests({ speech: new OpenAISpeechEngine({ apiKey: "sk-sbagliata", baseURL: double.baseURL, model: "whisper-1", maxRetries: 0 }) });
    const id = await uploadAudio();
    const failed = await waitFor(id, ["FAILED", "COMPLETED"]);
    expect(failed).toMatchObject({ status: "FAILED", errorMessage: PIPELINE_ERRORS.serviceAuth, attempts: 1 });
    expect(failed.failureReason).toMatch(/401/);
  });

  it("re-runs the analysis of a completed transcription on POST /api/analyze/:id (owner only)", async () => {
    const id = await uploadAudio();
    await waitFor(id, ["COMPLETED"]);
    const chatsBefore = double.requests.filter((r) => r.path.endsWith("/chat/completions")).length;
    const call = (token: string, target = id) =>
      analyzeAction({ request: new Request(`http://localhost:3000/api/analyze/${target}`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }), params: { id: target }, context: {} });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    expect((await call(other.token)).status).toBe(404);
    const response = await call(user.token);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, status: "PENDING" });
    // Another analysis request while one is queued or running is refused: it is not COMPLETED.
    expect((await call(user.token)).status).toBe(409);
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    expect(double.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBe(chatsBefore + 1);
  });
});

/** A speech engine that answers one segment per chunk, counting calls; it can stall to simulate a hung process. */
class CountingEngine implements SpeechEngine {
  readonly name = "contatore";
  readonly model = "test";
  readonly maxChunkSeconds = 3;
  calls: { durationSec: number }[] = [];
  async transcribe(input: SpeechInput) {
    this.calls.push({ durationSec: input.durationSec });
    return { language: "it", segments: [{ start: 0.2, end: input.durationSec - 0.2, text: `parte ${this.calls.length}` }] };
  }
}

describe("crash recovery", () => {
  it("unlocks the job of a dead worker and resumes from the checkpoint, not from the start", async () => {
    const engine = new CountingEngine();
    // Hold the job back until the "dead worker" state is in place.
    await worker.stop();
    setEnginesForTests({ speech: engine });
    const id = await uploadAudio();
    // 10 s in 3 s chunks with 1.5 s overlap. The dead worker had finished the first 3.
    const chunks = planChunks(10, 3, 1.5).length;
    expect(chunks).toBe(6);
    const done: Record<string, unknown> = {};
    for (let i = 0; i < 3; i++) done[i] = [{ start: 0.2, end: 2.8, text: `salvata ${i}` }];
    const [{ duration }] = await getDb().select({ duration: transcriptions.duration }).from(transcriptions).where(eq(transcriptions.id, id));
    expect(duration).toBeGreaterThan(9);
    // The checkpoint must match the decoded WAV duration, which equals the container's to the sample.
    await getDb()
      .update(transcriptions)
      .set({
        status: "PROCESSING",
        stage: "transcribing",
        checkpoint: { version: 1, engine: "contatore", model: "test", durationSec: 10, chunkSeconds: 3, done },
      })
      .where(eq(transcriptions.id, id));
    await getDb().execute(sql`update graphile_worker._private_jobs set locked_by = 'worker-morto', locked_at = now() - interval '2 minutes', attempts = 1
      where key = ${`transcribe:${id}`}`);

    // Without the sweep the job would stay locked for 4 hours.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    expect(await unlockStaleJobs(pool, 3600)).toEqual({ unlocked: 0, failed: 0 });
    await pool.end();

    // A fresh worker process starts: its sweep runs at start-up and frees the job.
    const started = Date.now();
    worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
    const finished = await waitFor(id, ["COMPLETED", "FAILED"], 30_000);
    expect(finished.status).toBe("COMPLETED");
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(engine.calls.length).toBe(chunks - 3);
    expect(finished.text).toMatch(/^salvata 0 salvata 1 salvata 2 parte 1/);
    expect(finished.speechEngine).toBe("contatore");
    expect(tempLeft()).toEqual([]);
  }, 60_000);

  it("frees the job of a worker process killed mid-job (SIGKILL) once its beats stop, and the job runs again", async () => {
    await worker.stop();
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/hung-worker.ts", db.url, db.dataDir], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: "ignore",
    });
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const id = await uploadAudio();
      await waitFor(id, ["PROCESSING"], 30_000);
      const beats = async () => (await pool.query(`select worker_id from job_heartbeats where transcription_id = $1`, [id])).rows;
      for (let i = 0; (await beats()).length === 0; i++) {
        if (i > 100) throw new Error("no heartbeat from the child worker");
        await new Promise((r) => setTimeout(r, 100));
      }
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      // Its last beat is fresh: not stale yet under the real limit.
      expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 0 });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await unlockStaleJobs(pool, 1)).toEqual({ unlocked: 1, failed: 0 });
      expect(await beats()).toEqual([]);
      const [job] = (await pool.query(`select locked_by, attempts from graphile_worker.jobs where key = $1`, [`transcribe:${id}`])).rows;
      expect(job).toEqual({ locked_by: null, attempts: 1 });

      const engine = new CountingEngine();
      setEnginesForTests({ speech: engine });
      worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
      const finished = await waitFor(id, ["COMPLETED", "FAILED"], 30_000);
      expect(finished).toMatchObject({ status: "COMPLETED", speechEngine: "contatore" });
      expect(engine.calls.length).toBeGreaterThan(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await pool.end();
      if (!worker.isRunning()) worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
    }
  }, 60_000);

  it("marks FAILED a dead worker's job that was on its last attempt", async () => {
    await worker.stop();
    const id = await uploadAudio();
    await getDb().execute(sql`update graphile_worker._private_jobs set locked_by = 'worker-morto', locked_at = now() - interval '2 minutes', attempts = max_attempts
      where key = ${`transcribe:${id}`}`);
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 1 });
    await pool.end();
    expect(await row(id)).toMatchObject({ status: "FAILED", errorMessage: PIPELINE_ERRORS.workerCrashed });
    worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
  });

  it("beats for the running job (an old lock with fresh beats is alive), and aborts when another worker took the job", async () => {
    await worker.stop();
    const id = await uploadAudio();
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const [job] = (
        await pool.query(
          `update graphile_worker._private_jobs set locked_by = 'questo', locked_at = now() - interval '2 minutes' where key = $1 returning id, locked_by`,
          [`transcribe:${id}`],
        )
      ).rows as { id: string; locked_by: string }[];
      const helpers = {
        job: { id: job.id, locked_by: job.locked_by },
        withPgClient: (fn: (client: pg.PoolClient) => Promise<unknown>) => pool.connect().then((c) => fn(c).finally(() => c.release())),
        logger: { warn: () => {} },
      } as unknown as Parameters<typeof withHeartbeat>[0];
      const beatAge = async () =>
        Number((await pool.query(`select extract(epoch from now() - beat_at) as age from job_heartbeats where job_id = $1 and worker_id = 'questo'`, [job.id])).rows[0].age);
      let aborted: unknown;
      await withHeartbeat(
        helpers,
        async (signal) => {
          await new Promise((r) => setTimeout(r, 250));
          expect(await beatAge()).toBeLessThan(1);
          // The lock is 2 minutes old, but the sweep sees fresh beats and leaves the job alone.
          expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 0 });
          await pool.query(`update graphile_worker._private_jobs set locked_by = 'altro' where id = $1`, [job.id]);
          await new Promise((r) => setTimeout(r, 250));
          aborted = signal.aborted;
        },
        50,
      );
      expect(aborted).toBe(true);
      // The finished attempt leaves no beat behind.
      expect((await pool.query(`select 1 from job_heartbeats where job_id = $1`, [job.id])).rowCount).toBe(0);
      await pool.query(`update graphile_worker._private_jobs set locked_by = null, locked_at = null where id = $1`, [job.id]);
    } finally {
      await pool.end();
      worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
    }
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
  });

  it("leaves a recently locked job alone", async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    // A job locked a moment ago by a live worker is not stale.
    const id = await uploadAudio();
    await getDb().execute(sql`update graphile_worker._private_jobs set locked_by = 'vivo', locked_at = now() - interval '5 seconds' where key = ${`transcribe:${id}`}`);
    expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 0 });
    await getDb().execute(sql`update graphile_worker._private_jobs set locked_by = null, locked_at = null where key = ${`transcribe:${id}`}`);
    await pool.end();
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
  });
});
