import { spawn } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { planChunks } from "../../worker/engines/chunking";
import { setEnginesForTests } from "../../worker/engines/index";
import type { SpeechEngine, SpeechInput } from "../../worker/engines/types";
import { startWorker } from "../../worker/runner";
import { unlockStaleJobs, withHeartbeat } from "../../worker/tasks/unlock-stale-jobs";
import { row, tempLeft, uploadAudio, usePipeline, waitFor } from "../support/pipeline";

/** Crash recovery: dead workers' jobs are freed, resumed from their checkpoint or failed. */

const pipe = usePipeline();

describe("crash recovery", () => {
  it("unlocks the job of a dead worker and resumes from the checkpoint, not from the start", async () => {
    const engine = new CountingEngine();
    // Hold the job back until the "dead worker" state is in place.
    await pipe.worker.stop();
    setEnginesForTests({ speech: engine });
    const id = await uploadAudio(pipe.audio, pipe.user);
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
    await getDb()
      .execute(sql`update graphile_worker._private_jobs set locked_by = 'worker-morto', locked_at = now() - interval '2 minutes', attempts = 1
      where key = ${`transcribe:${id}`}`);

    // Without the sweep the job would stay locked for 4 hours.
    const pool = new pg.Pool({ connectionString: pipe.db.url, max: 1 });
    expect(await unlockStaleJobs(pool, 3600)).toEqual({ unlocked: 0, failed: 0 });
    await pool.end();

    // A fresh worker process starts: its sweep runs at start-up and frees the job.
    pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
    const finished = await waitFor(id, ["COMPLETED", "FAILED"], 30_000);
    expect(finished.status).toBe("COMPLETED");
    expect(engine.calls.length).toBe(chunks - 3);
    expect(finished.text).toMatch(/^salvata 0 salvata 1 salvata 2 parte 1/);
    expect(finished.speechEngine).toBe("contatore");
    expect(tempLeft(pipe.db)).toEqual([]);
  }, 60_000);

  it("frees the job of a worker process killed mid-job (SIGKILL) once its beats stop, and the job runs again", async () => {
    await pipe.worker.stop();
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/hung-worker.ts", pipe.db.url, pipe.db.dataDir], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: "ignore",
    });
    const pool = new pg.Pool({ connectionString: pipe.db.url, max: 1 });
    try {
      const id = await uploadAudio(pipe.audio, pipe.user);
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
      pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
      const finished = await waitFor(id, ["COMPLETED", "FAILED"], 30_000);
      expect(finished).toMatchObject({ status: "COMPLETED", speechEngine: "contatore" });
      expect(engine.calls.length).toBeGreaterThan(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await pool.end();
      if (!pipe.worker.isRunning()) pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
    }
  }, 60_000);

  it("marks FAILED a dead worker's job that was on its last attempt", async () => {
    await pipe.worker.stop();
    const id = await uploadAudio(pipe.audio, pipe.user);
    await getDb()
      .execute(sql`update graphile_worker._private_jobs set locked_by = 'worker-morto', locked_at = now() - interval '2 minutes', attempts = max_attempts
      where key = ${`transcribe:${id}`}`);
    const pool = new pg.Pool({ connectionString: pipe.db.url, max: 1 });
    expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 1 });
    await pool.end();
    expect(await row(id)).toMatchObject({ status: "FAILED", errorMessage: PIPELINE_ERRORS.workerCrashed });
    pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
  });

  it("beats for the running job (an old lock with fresh beats is alive), and aborts when another worker took the job", async () => {
    await pipe.worker.stop();
    const id = await uploadAudio(pipe.audio, pipe.user);
    const pool = new pg.Pool({ connectionString: pipe.db.url, max: 2 });
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
        Number(
          (
            await pool.query(`select extract(epoch from now() - beat_at) as age from job_heartbeats where job_id = $1 and worker_id = 'questo'`, [
              job.id,
            ])
          ).rows[0].age,
        );
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
      pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
    }
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
  });

  it("leaves a recently locked job alone", async () => {
    const pool = new pg.Pool({ connectionString: pipe.db.url, max: 1 });
    // A job locked a moment ago by a live worker is not stale.
    const id = await uploadAudio(pipe.audio, pipe.user);
    await getDb().execute(
      sql`update graphile_worker._private_jobs set locked_by = 'vivo', locked_at = now() - interval '5 seconds' where key = ${`transcribe:${id}`}`,
    );
    expect(await unlockStaleJobs(pool)).toEqual({ unlocked: 0, failed: 0 });
    await getDb().execute(sql`update graphile_worker._private_jobs set locked_by = null, locked_at = null where key = ${`transcribe:${id}`}`);
    await pool.end();
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
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
