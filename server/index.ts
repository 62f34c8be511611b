import { startApp } from "./app";

/** `npm start` (built app) and `npm run dev` (Vite middleware) both come through here. */
const dev = process.argv.includes("--dev");

startApp({ dev }).then(
  (app) => {
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`Ricevuto ${signal}: arresto in corso...`);
      app.stop().then(
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
