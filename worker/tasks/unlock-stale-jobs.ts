import fsp from "node:fs/promises";
import path from "node:path";
import type { JobHelpers, Task } from "graphile-worker";
import type pg from "pg";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { getConfig } from "~/services/config.server";

/**
 * Crash recovery within a minute. graphile-worker frees the lock of a job whose process died only
 * after 4 hours; our pipeline tasks instead refresh their job's locked_at every 15 s (heartbeat),
 * and every process sweeps, every 10 s, the pipeline jobs whose lock is older than 45 s (three
 * missed beats): their worker is gone, so the lock is cleared and the job runs again (resuming
 * from its checkpoint).
 * The sweep is one UPDATE, so several processes running it at once is harmless.
 */

export const HEARTBEAT_MS = 15_000;
/** How often each process sweeps; with STALE_AFTER_SECONDS a dead job runs again within a minute. */
export const SWEEP_MS = 10_000;
export const STALE_AFTER_SECONDS = 45;
/** Only tasks that send heartbeats may be judged stale: other tasks can legitimately run longer silently. */
export const HEARTBEAT_TASKS = ["transcribe", "analyze"];

/**
 * Runs `work` while keeping the job's lock fresh. If the lock was taken over by another worker
 * (this process stalled past the stale limit), the signal aborts so the two never write together.
 */
export async function withHeartbeat<T>(helpers: JobHelpers, work: (signal: AbortSignal) => Promise<T>, intervalMs = HEARTBEAT_MS): Promise<T> {
  const controller = new AbortController();
  const onShutdown = () => controller.abort(helpers.abortSignal?.reason ?? new Error("worker shutting down"));
  helpers.abortSignal?.addEventListener("abort", onShutdown);
  const beat = async () => {
    try {
      const result = await helpers.withPgClient((client) =>
        client.query(
          "update graphile_worker._private_jobs set locked_at = now() where id = $1 and locked_by = $2",
          [helpers.job.id, helpers.job.locked_by],
        ),
      );
      if (result.rowCount === 0) controller.abort(new Error("job lock lost to another worker"));
    } catch (error) {
      helpers.logger.warn(`heartbeat failed: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(() => void beat(), intervalMs);
  try {
    return await work(controller.signal);
  } finally {
    clearInterval(timer);
    helpers.abortSignal?.removeEventListener("abort", onShutdown);
  }
}

type Queryable = Pick<pg.Pool, "query">;

/**
 * Unlocks stale pipeline jobs. One with attempts left runs again at once; one that already used
 * its last attempt would never run again, so its transcription is marked FAILED and the job removed.
 */
export async function unlockStaleJobs(db: Queryable, staleSeconds = STALE_AFTER_SECONDS): Promise<{ unlocked: number; failed: number }> {
  const unlocked = await db.query(
    `update graphile_worker._private_jobs as j
        set locked_at = null, locked_by = null, run_at = now(),
            last_error = coalesce(j.last_error, '') || 'worker scomparso durante l''esecuzione; '
       from graphile_worker._private_tasks as t
      where t.id = j.task_id and t.identifier = any($1::text[])
        and j.locked_at is not null and j.locked_at < now() - make_interval(secs => $2)
        and j.attempts < j.max_attempts
      returning j.id`,
    [HEARTBEAT_TASKS, staleSeconds],
  );
  const exhausted = await db.query<{ id: string; transcription_id: string | null }>(
    `delete from graphile_worker._private_jobs as j
      using graphile_worker._private_tasks as t
      where t.id = j.task_id and t.identifier = any($1::text[])
        and j.locked_at is not null and j.locked_at < now() - make_interval(secs => $2)
        and j.attempts >= j.max_attempts
      returning j.id, j.payload->>'transcriptionId' as transcription_id`,
    [HEARTBEAT_TASKS, staleSeconds],
  );
  for (const row of exhausted.rows) {
    if (!row.transcription_id) continue;
    await db.query(
      `update transcriptions set status = 'FAILED', stage = 'failed', error_message = $2,
              failure_reason = 'Il processo del worker si è interrotto durante l''ultimo tentativo', updated_at = now()
        where id = $1 and status in ('PENDING', 'PROCESSING')`,
      [row.transcription_id, PIPELINE_ERRORS.workerCrashed],
    );
  }
  return { unlocked: unlocked.rowCount ?? 0, failed: exhausted.rowCount ?? 0 };
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
export function startStaleJobSweeper(pool: Queryable, intervalMs = SWEEP_MS, staleSeconds = STALE_AFTER_SECONDS): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const { unlocked, failed } = await unlockStaleJobs(pool, staleSeconds);
      if (unlocked || failed) console.warn(`[worker] lavori orfani: ${unlocked} sbloccati, ${failed} segnati come falliti`);
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
