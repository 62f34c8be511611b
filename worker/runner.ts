import { run, type Runner, Logger, type Task, type TaskList } from "graphile-worker";
import pg from "pg";
import { log } from "~/services/logger.server";
import { crontab, taskList } from "./tasks/index";
import { startStaleJobSweeper } from "./tasks/unlock-stale-jobs";

export type WorkerHandle = { runner: Runner; stop: () => Promise<void>; isRunning: () => boolean };

// A module variable, not a globalThis one: the start-up code and the routes (healthz) are one
// module graph in the compiled app and under Vite (decision 015), so they see the same handle.
let current: WorkerHandle | undefined;

const workerLog = log.child({ component: "worker" });

/**
 * graphile-worker's own lines in our log, with its scope (worker, task, job id). Its "completed
 * task" lines are debug: the job lines below say the same with the transcription id.
 */
const graphileLogger = new Logger((scope) => (level, message) => {
  const line = { workerId: scope.workerId, task: scope.taskIdentifier, jobId: scope.jobId };
  if (level === "error") workerLog.error(line, message);
  else if (level === "warning") workerLog.warn(line, message);
  else workerLog.debug(line, message);
});

/**
 * Every task with one line when it ends: task, job id, attempt, duration and, for the pipeline,
 * the transcription id (the payloads hold ids only, never text or addresses).
 */
export function withJobLog(tasks: TaskList): TaskList {
  const wrapped: TaskList = {};
  for (const [name, task] of Object.entries(tasks)) {
    if (!task) continue;
    const logged: Task = async (payload, helpers) => {
      const transcriptionId = (payload as { transcriptionId?: unknown } | null)?.transcriptionId;
      const jobLog = workerLog.child({
        task: name,
        jobId: helpers.job.id,
        attempt: helpers.job.attempts,
        ...(typeof transcriptionId === "string" ? { transcriptionId } : {}),
      });
      const started = Date.now();
      jobLog.debug("lavoro iniziato");
      try {
        const result = await task(payload, helpers);
        jobLog.info({ durationMs: Date.now() - started }, "lavoro completato");
        return result;
      } catch (error) {
        jobLog.warn({ durationMs: Date.now() - started, err: error }, "lavoro non riuscito");
        throw error;
      }
    };
    wrapped[name] = logged;
  }
  return wrapped;
}

/** Starts graphile-worker in this process against the app's database. */
export async function startWorker(options: { connectionString: string; concurrency?: number; pollInterval?: number }): Promise<WorkerHandle> {
  if (current) return current;
  let running = true;
  // Our own pool, so shutdown can end it after the runner has released its jobs and listeners.
  const pgPool = new pg.Pool({ connectionString: options.connectionString, max: (options.concurrency ?? 1) + 3 });
  pgPool.on("error", () => {});
  pgPool.on("connect", (client) => client.on("error", () => {}));
  const runner = await run({
    pgPool,
    concurrency: options.concurrency ?? 1,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    taskList: withJobLog(taskList),
    crontab,
    logger: graphileLogger,
  });
  runner.promise.finally(() => {
    running = false;
  });
  // Temporary folders left by a crash go at start-up too, not only at the hourly cron.
  await runner.addJob("sweep_temp_files", {}, { jobKey: "sweep_temp_files", maxAttempts: 1 });
  // Pipeline jobs of a crashed process are taken up again within a minute (see unlock-stale-jobs).
  const stopSweeper = startStaleJobSweeper(pgPool);
  const handle: WorkerHandle = {
    runner,
    isRunning: () => running,
    stop: async () => {
      current = undefined;
      stopSweeper();
      if (running) await runner.stop();
      running = false;
      await pgPool.end();
    },
  };
  current = handle;
  return handle;
}

export function getWorker(): WorkerHandle | undefined {
  return current;
}
