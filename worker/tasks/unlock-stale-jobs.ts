import fsp from "node:fs/promises";
import path from "node:path";
import type { JobHelpers, Task } from "graphile-worker";
import type pg from "pg";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { getConfig } from "~/services/config.server";
import { log } from "~/services/logger.server";

/**
 * Crash recovery within a minute, through graphile-worker's public interface only (its
 * `_private_*` tables may change in any minor release). graphile-worker frees the lock of a job
 * whose process died only after 4 hours; our pipeline tasks instead beat every 15 s in our own
 * table `job_heartbeats` (keyed by job id and the worker that holds it), and every process sweeps,
 * every 10 s, the locked pipeline jobs (view `graphile_worker.jobs`) whose last beat — or, with
 * none yet, whose lock — is older than 45 s (three missed beats): their worker is gone, so
 * `graphile_worker.force_unlock_workers` frees its locks and the job runs again (resuming from its
 * checkpoint). Each graphile-worker worker runs one job at a time, so unlocking a dead worker
 * frees exactly that job. Sweeping in several processes at once is harmless (each step is idempotent).
 */

/**
 * The default timing: beats every 15 s, a sweep every 10 s, stale after 45 s (three missed beats),
 * so a dead job runs again within a minute. WORKER_STALE_JOB_SECONDS changes it (decision 022):
 * beats and sweeps then come every third of it (never rarer than these defaults).
 */
export const HEARTBEAT_MS = 15_000;
export const SWEEP_MS = 10_000;

/** Heartbeat and sweep intervals and the stale limit for the configured WORKER_STALE_JOB_SECONDS. */
export function staleJobTiming(staleSeconds: number = getConfig().WORKER_STALE_JOB_SECONDS) {
  const third = Math.floor((staleSeconds * 1000) / 3);
  return { staleSeconds, heartbeatMs: Math.min(HEARTBEAT_MS, third), sweepMs: Math.min(SWEEP_MS, third) };
}

/** Only tasks that send heartbeats may be judged stale: other tasks can legitimately run longer silently. */
export const HEARTBEAT_TASKS = ["transcribe", "analyze"];

function payloadTranscriptionId(payload: unknown): string | null {
  const id = (payload as { transcriptionId?: unknown } | null | undefined)?.transcriptionId;
  return typeof id === "string" && id ? id : null;
}

/**
 * Runs `work` while beating for the job. If the job is no longer locked by this worker (this
 * process stalled past the stale limit and the job was freed or taken over), the signal aborts so
 * two workers never write together.
 */
export async function withHeartbeat<T>(
  helpers: JobHelpers,
  work: (signal: AbortSignal) => Promise<T>,
  intervalMs = staleJobTiming().heartbeatMs,
): Promise<T> {
  const controller = new AbortController();
  const onShutdown = () => controller.abort(helpers.abortSignal?.reason ?? new Error("worker shutting down"));
  helpers.abortSignal?.addEventListener("abort", onShutdown);
  const { id: jobId, locked_by: workerId } = helpers.job;
  const transcriptionId = payloadTranscriptionId(helpers.job.payload);
  const beat = async () => {
    try {
      const result = await helpers.withPgClient((client) =>
        client.query(
          `insert into job_heartbeats (job_id, worker_id, transcription_id, beat_at)
             select id, locked_by, $3::uuid, now() from graphile_worker.jobs where id = $1 and locked_by = $2
           on conflict (job_id) do update
             set worker_id = excluded.worker_id, transcription_id = excluded.transcription_id, beat_at = excluded.beat_at`,
          [jobId, workerId, transcriptionId],
        ),
      );
      if (result.rowCount === 0) controller.abort(new Error("job lock lost to another worker"));
    } catch (error) {
      helpers.logger.warn(`heartbeat failed: ${(error as Error).message}`);
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), intervalMs);
  try {
    return await work(controller.signal);
  } finally {
    clearInterval(timer);
    helpers.abortSignal?.removeEventListener("abort", onShutdown);
    await helpers
      .withPgClient((client) => client.query("delete from job_heartbeats where job_id = $1 and worker_id = $2", [jobId, workerId]))
      .catch(() => {});
  }
}

type Queryable = Pick<pg.Pool, "query">;

type StaleJob = { id: string; worker_id: string; exhausted: boolean; transcription_id: string | null };

/**
 * Frees the pipeline jobs of workers that stopped beating. One with attempts left runs again at
 * once; one that already used its last attempt would never run again, so its transcription is
 * marked FAILED and the job removed.
 */
export async function unlockStaleJobs(db: Queryable, staleSeconds = staleJobTiming().staleSeconds): Promise<{ unlocked: number; failed: number }> {
  const stale = await db.query<StaleJob>(
    `select j.id::text, j.locked_by as worker_id, j.attempts >= j.max_attempts as exhausted,
            -- without a beat yet, the transcription id is in the job key (pipeline.server.ts: "task:id")
            coalesce(h.transcription_id::text, substring(j.key from '^[a-z_]+:([0-9a-f-]{36})$')) as transcription_id
       from graphile_worker.jobs as j
       left join job_heartbeats as h on h.job_id = j.id and h.worker_id = j.locked_by
      where j.task_identifier = any($1::text[]) and j.locked_by is not null
        and coalesce(h.beat_at, j.locked_at) < now() - make_interval(secs => $2)`,
    [HEARTBEAT_TASKS, staleSeconds],
  );
  const exhausted = stale.rows.filter((job) => job.exhausted);
  if (stale.rows.length > 0) {
    await db.query("select graphile_worker.force_unlock_workers($1::text[])", [[...new Set(stale.rows.map((job) => job.worker_id))]]);
  }
  if (exhausted.length > 0) {
    await db.query("select id from graphile_worker.complete_jobs($1::bigint[])", [exhausted.map((job) => job.id)]);
  }
  for (const job of exhausted) {
    if (!job.transcription_id) continue;
    await db.query(
      `update transcriptions set status = 'FAILED', stage = 'failed', error_message = $2,
              failure_reason = 'Il processo del worker si è interrotto durante l''ultimo tentativo', updated_at = now()
        where id = $1 and status in ('PENDING', 'PROCESSING')`,
      [job.transcription_id, PIPELINE_ERRORS.workerCrashed],
    );
  }
  // Beats of jobs no longer held by the worker that wrote them (freed above, finished while the
  // delete in withHeartbeat failed): nothing reads them any more.
  await db.query(
    `delete from job_heartbeats as h
      where not exists (select 1 from graphile_worker.jobs as j where j.id = h.job_id and j.locked_by = h.worker_id)`,
  );
  return { unlocked: stale.rows.length - exhausted.length, failed: exhausted.length };
}

/** Temporary folders left by a killed process (uploads, decodes) older than a day. */
export async function removeOldTempDirs(maxAgeMs = 24 * 3600 * 1000): Promise<number> {
  const dir = path.join(getConfig().DATA_DIR, "tmp");
  let removed = 0;
  let entries: string[];
  try {
    entries = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    try {
      const stat = await fsp.stat(full);
      if (Date.now() - stat.mtimeMs > maxAgeMs) {
        await fsp.rm(full, { recursive: true, force: true });
        removed++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}

/** Also available as a task (crontab, hourly) for the temp-folder clean-up. */
const unlockStaleJobsTask: Task = async (_payload, helpers) => {
  await helpers.withPgClient((client) => unlockStaleJobs(client));
  await removeOldTempDirs();
};

export default unlockStaleJobsTask;

/** The in-process sweep timer started by the runner. */
export function startStaleJobSweeper(pool: Queryable, { sweepMs: intervalMs, staleSeconds } = staleJobTiming()): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const { unlocked, failed } = await unlockStaleJobs(pool, staleSeconds);
      if (unlocked || failed) log.warn({ unlocked, failed }, "[worker] lavori orfani sbloccati o segnati come falliti");
    } catch {
      // The database may be restarting; the next sweep tries again.
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
