import { leaveShutdownSignalsToTheApp } from "../app/services/embedded-postgres.server";
import { log, routeConsoleToLog } from "../app/services/logger.server";
import type { RunningApp } from "./app";

/**
 * The command line around startApp, for server/start.mjs (`npm start`, compiled app) and
 * server/dev.mjs (`npm run dev`, Vite middleware): ordered shutdown on SIGINT/SIGTERM, the
 * process-level safety net, and one line (no stack) with a non-zero exit when the app cannot start.
 */
export function serveFromCommandLine(start: () => Promise<RunningApp>, afterStop: () => Promise<void> = async () => {}): void {
  let shutdown: ((reason: string, code: number) => void) | undefined;
  // This process is ours alone: whatever a library prints goes through the log (masked) too.
  routeConsoleToLog();
  installSafetyNet((reason) => (shutdown ? shutdown(reason, 1) : process.exit(1)));
  start().then(
    (app) => {
      let stopping = false;
      shutdown = (reason: string, code: number) => {
        if (stopping) return;
        stopping = true;
        log.info(`${reason}: arresto in corso...`);
        // A stop that hangs must not keep a broken process alive.
        setTimeout(() => process.exit(code || 1), 20_000).unref();
        app
          .stop()
          .then(afterStop)
          .then(
            () => process.exit(code),
            (error) => {
              log.error({ err: error }, "Arresto non pulito");
              process.exit(1);
            },
          );
      };
      leaveShutdownSignalsToTheApp();
      process.on("SIGINT", () => shutdown?.("Ricevuto SIGINT", 0));
      process.on("SIGTERM", () => shutdown?.("Ricevuto SIGTERM", 0));
    },
    (error: unknown) => {
      // One line for operators: the first line of the message, no stack.
      // Plain text on stderr, not a JSON log line: the person who ran `npm start` reads it.
      process.stderr.write(`${(error instanceof Error ? error.message : String(error)).split("\n")[0]}\n`);
      process.exit(1);
    },
  );
}

/** Errors that concern one connection or one request only: the process stays healthy. */
const CONNECTION_ERRORS = new Set([
  "ECONNRESET",
  "EPIPE",
  "ECONNABORTED",
  "ETIMEDOUT",
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_STREAM_DESTROYED",
  "ERR_STREAM_WRITE_AFTER_END",
]);

/**
 * The process-level safety net. A rejected promise nobody awaited is logged and the server keeps
 * serving: the request that caused it has its own error path. An exception thrown from a callback
 * is survivable when it is a connection's error; anything else may have left state half-changed,
 * so the process stops in order (worker, Postgres) and a restart begins from a known state.
 */
export function installSafetyNet(stop: (reason: string) => void): void {
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "[processo] promessa rifiutata non gestita (il server continua)");
  });
  process.on("uncaughtException", (error) => {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code && CONNECTION_ERRORS.has(code)) {
      log.error({ err: error }, "[processo] errore di connessione non gestito (il server continua)");
      return;
    }
    log.error({ err: error }, "[processo] eccezione non gestita");
    stop("Eccezione non gestita");
  });
}
