import { run, type Runner, Logger } from "graphile-worker";
import pg from "pg";
import { crontab, taskList } from "./tasks/index";
import { startStaleJobSweeper } from "./tasks/unlock-stale-jobs";

export type WorkerHandle = { runner: Runner; stop: () => Promise<void>; isRunning: () => boolean };

// A module variable, not a globalThis one: the start-up code and the routes (healthz) are one
// module graph in the compiled app and under Vite (decision 015), so they see the same handle.
let current: WorkerHandle | undefined;

const quietLogger = (level: "debug" | "info" | "warn" | "error") =>
  new Logger(() => (lvl, message) => {
    // graphile-worker says "warning" where our LOG_LEVEL says "warn".
    const order = ["debug", "info", "warning", "error"];
    if (order.indexOf(lvl) < order.indexOf(level === "warn" ? "warning" : level)) return;
    const line = `[worker] ${message}`;
    if (lvl === "error") console.error(line);
    else if (lvl === "warning") console.warn(line);
    else console.log(line);
  });

/** Starts graphile-worker in this process against the app's database. */
export async function startWorker(options: {
  connectionString: string;
  concurrency?: number;
  logLevel?: "debug" | "info" | "warn" | "error";
  pollInterval?: number;
}): Promise<WorkerHandle> {
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
    taskList,
    crontab,
    logger: quietLogger(options.logLevel ?? "warn"),
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
