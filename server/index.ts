import type { RunningApp } from "./app";

/**
 * The command line around startApp, for server/start.mjs (`npm start`, compiled app) and
 * server/dev.mjs (`npm run dev`, Vite middleware): ordered shutdown on SIGINT/SIGTERM, and one
 * line (no stack) with a non-zero exit when the app cannot start.
 */
export function serveFromCommandLine(start: () => Promise<RunningApp>, afterStop: () => Promise<void> = async () => {}): void {
  start().then(
    (app) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`Ricevuto ${signal}: arresto in corso...`);
        app
          .stop()
          .then(afterStop)
          .then(
            () => process.exit(0),
            (error) => {
              console.error("Arresto non pulito:", error);
              process.exit(1);
            },
          );
      };
      process.on("SIGINT", () => shutdown("SIGINT"));
      process.on("SIGTERM", () => shutdown("SIGTERM"));
    },
    (error: unknown) => {
      // One line for operators: the first line of the message, no stack.
      console.error((error instanceof Error ? error.message : String(error)).split("\n")[0]);
      process.exit(1);
    },
  );
}
