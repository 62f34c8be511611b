import { messages } from "./messages";

/**
 * Starting the web app inside the Electron main process. Everything that touches the outside
 * world (the server module, fetch, the clock, ports) comes in as an argument so the start logic
 * is tested without Electron, Postgres or a network.
 */

/** What the shell needs of the web app's startApp (server/app.ts), bound to its build by serverLoader. */
export type RunningServer = { url: string; port: number; stop: () => Promise<void> };
export type ServerModule = {
  startApp: (options?: { dev?: boolean; port?: number; host?: string; quiet?: boolean }) => Promise<RunningServer>;
};

export const LOOPBACK_HOST = "127.0.0.1";

export class StartupError extends Error {
  constructor(
    /** Italian, for the dialog. */
    message: string,
    /** Technical cause, shown under "Dettagli tecnici". */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "StartupError";
  }
}

/**
 * The server reads its configuration from process.env once (getConfig caches it), so the env
 * must be complete before the server module is even imported.
 */
export function prepareServerEnv(env: NodeJS.ProcessEnv, options: { dataDir: string; port: number }): NodeJS.ProcessEnv {
  env.DATA_DIR = options.dataDir;
  env.HOST = LOOPBACK_HOST;
  env.PORT = String(options.port);
  env.APP_URL = `http://${LOOPBACK_HOST}:${options.port}`;
  env.NODE_ENV = env.NODE_ENV === "development" ? "development" : "production";
  return env;
}

/**
 * Reuses the port of the previous run when it is still free: localStorage and IndexedDB are
 * per origin (port included), so a stable port keeps the web app's local state across launches.
 */
export async function choosePort(
  remembered: number | undefined,
  isFree: (port: number) => Promise<boolean>,
  freePort: () => Promise<number>,
): Promise<number> {
  if (remembered !== undefined && Number.isInteger(remembered) && remembered > 1024 && remembered < 65536) {
    if (await isFree(remembered)) return remembered;
  }
  return freePort();
}

export type HealthWaitOptions = {
  fetch: (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  timeoutMs?: number;
  intervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `/healthz` until it answers 200 with status "ok" (database and worker both up).
 * A 503 "degraded" answer means still starting, so it keeps polling until the deadline.
 */
export async function waitForHealth(baseUrl: string, options: HealthWaitOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const deadline = now() + timeoutMs;
  let lastProblem = "nessuna risposta";
  for (;;) {
    try {
      const response = await options.fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(Math.max(1000, intervalMs * 4)) });
      const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
      if (response.ok && body?.status === "ok") return;
      lastProblem = `HTTP ${response.status} ${JSON.stringify(body ?? null)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (now() >= deadline) {
      throw new StartupError(messages.healthTimeout(Math.round(timeoutMs / 1000)), `/healthz: ${lastProblem}`);
    }
    await sleep(intervalMs);
  }
}

/** Turns whatever the server threw into a message a user can act on. */
export function describeStartupError(error: unknown): StartupError {
  if (error instanceof StartupError) return error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const text = detail.toLowerCase();
  // DatabaseStartError mentions the other instance; postgres itself talks about postmaster.pid.
  if (text.includes("già in uso") || text.includes("postmaster.pid") || text.includes("lock file")) {
    return new StartupError(messages.databaseLocked, detail);
  }
  if (text.includes("eaddrinuse")) return new StartupError(messages.portInUse, detail);
  if (text.includes("build mancante")) return new StartupError(messages.buildMissing, detail);
  return new StartupError(messages.startFailedGeneric, detail);
}

export type StartServerOptions = {
  /** Imports the server module; called only after the env is prepared. */
  loadServer: () => Promise<ServerModule>;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  port: number;
  /** Vite middleware instead of the built app (desktop development only). */
  dev?: boolean;
  health: HealthWaitOptions;
};

/**
 * Prepares the env, starts the app and waits until it is healthy. If the health wait fails the
 * half-started server is stopped, so Postgres does not stay running behind an error dialog.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  prepareServerEnv(options.env, { dataDir: options.dataDir, port: options.port });
  let running: RunningServer;
  try {
    const module = await options.loadServer();
    if (typeof module.startApp !== "function") throw new Error("Il modulo del server non esporta startApp");
    running = await module.startApp({ dev: options.dev, port: options.port, host: LOOPBACK_HOST });
  } catch (error) {
    throw describeStartupError(error);
  }
  try {
    await waitForHealth(running.url, options.health);
  } catch (error) {
    await running.stop().catch(() => {});
    throw describeStartupError(error);
  }
  return running;
}
