import { run, type Runner, Logger, type Task, type TaskList } from "graphile-worker";
import pg from "pg";
import { log } from "~/services/logger.server";
import { crontab, LLM_LANE_TASKS, taskList } from "./tasks/index";
import { startLlmWarmUp } from "./llm-warm-up";
import { startTempSweeper } from "./tasks/sweep-temp-files";
import { startStaleJobSweeper } from "./tasks/unlock-stale-jobs";

/**
 * What the worker is doing, for its liveness endpoint (PROCESS_ROLE=worker): polling means a
 * get_job round trip to Postgres ended (a job or none) within the last `pollWindowMs`; a worker
 * busy with jobs does not poll, and its jobs' heartbeats speak for it (unlock-stale-jobs.ts).
 */
export type WorkerLiveness = { running: boolean; polling: boolean; jobsRunning: number; lastPollAgoMs: number | null };

export type WorkerHandle = { runner: Runner; stop: () => Promise<void>; isRunning: () => boolean; liveness: () => WorkerLiveness };

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
export async function startWorker(options: {
  connectionString: string;
  concurrency?: number;
  pollInterval?: number;
  /** The app's start: download the local LLM's model in the background and measure its speed. */
  warmUpLlm?: boolean;
}): Promise<WorkerHandle> {
  if (current) return current;
  let running = true;
  // Our own pool, so shutdown can end it after the runner has released its jobs and listeners.
  const pgPool = new pg.Pool({ connectionString: options.connectionString, max: (options.concurrency ?? 1) + 5 });
  pgPool.on("error", () => {});
  pgPool.on("connect", (client) => client.on("error", () => {}));
  const runner = await run({
    pgPool,
    concurrency: options.concurrency ?? 1,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    taskList: withJobLog(pick(taskList, (name) => !LLM_LANE_TASKS.includes(name))),
    crontab,
    logger: graphileLogger,
  });
  runner.promise.finally(() => {
    running = false;
  });
  const pollInterval = options.pollInterval ?? 1000;
  // Five missed polls (at least 10 s) before an idle worker counts as stuck.
  const pollWindowMs = Math.max(10_000, 5 * pollInterval);
  let lastPollAt: number | undefined;
  let jobsRunning = 0;
  const polled = () => {
    lastPollAt = Date.now();
  };
  runner.events.on("worker:getJob:empty", polled);
  runner.events.on("job:start", () => {
    polled();
    jobsRunning++;
  });
  runner.events.on("job:complete", () => {
    polled();
    jobsRunning = Math.max(0, jobsRunning - 1);
  });
  // Temporary folders left by a crash go at start-up, here (this machine's DATA_DIR), and hourly.
  const stopTempSweeper = startTempSweeper();
  // Pipeline jobs of a crashed process are taken up again within a minute (see unlock-stale-jobs).
  const stopSweeper = startStaleJobSweeper(pgPool);
  // The local LLM's long jobs in a lane of their own (one at a time), so transcriptions and live
  // windows never queue behind them. Started only now, after the liveness listeners above: a
  // health check right after start must see the pipeline runner polling (decision 039).
  let llmLane: Runner;
  try {
    llmLane = await run({
      pgPool,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval,
      taskList: withJobLog(pick(taskList, (name) => LLM_LANE_TASKS.includes(name))),
      logger: graphileLogger,
    });
  } catch (error) {
    stopSweeper();
    stopTempSweeper();
    await runner.stop().catch(() => {});
    await pgPool.end().catch(() => {});
    throw error;
  }
  if (options.warmUpLlm) startLlmWarmUp();
  let stopping: Promise<void> | undefined;
  const handle: WorkerHandle = {
    runner,
    isRunning: () => running,
    liveness: () => {
      const lastPollAgoMs = lastPollAt === undefined ? null : Date.now() - lastPollAt;
      const polling = running && (jobsRunning > 0 || (lastPollAgoMs !== null && lastPollAgoMs < pollWindowMs));
      return { running, polling, jobsRunning, lastPollAgoMs };
    },
    // Once only: a second call (a signal during shutdown, a test's clean-up) waits for the first.
    stop: () =>
      (stopping ??= (async () => {
        if (current === handle) current = undefined;
        stopSweeper();
        stopTempSweeper();
        await llmLane.stop().catch(() => {});
        if (running) await runner.stop();
        running = false;
        await pgPool.end();
      })()),
  };
  current = handle;
  return handle;
}

function pick(tasks: TaskList, keep: (name: string) => boolean): TaskList {
  return Object.fromEntries(Object.entries(tasks).filter(([name]) => keep(name)));
}

export function getWorker(): WorkerHandle | undefined {
  return current;
}
