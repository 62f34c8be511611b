import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { E2E } from "./env";
import { makeItalianWav } from "./speech";
import { appEnv } from "./app-env";

/**
 * Starts what a user would run: the compiled app (`node server/start.mjs`, as `npm start`) on a fresh
 * data folder with its embedded Postgres, plus a real SMTP server on 127.0.0.1 that stores every
 * message it receives as an .eml file in tests/.data/e2e/mail (read by tests/e2e/support/mail.ts).
 */
export default async function globalSetup() {
  fs.rmSync(E2E.dir, { recursive: true, force: true });
  fs.mkdirSync(E2E.mailDir, { recursive: true });
  makeItalianWav(E2E.speechWav);
  // Like `npm start`: compile only when the sources changed since the last build.
  execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: E2E.root, stdio: "inherit" });

  let counter = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        counter += 1;
        const name = `${Date.now()}-${String(counter).padStart(4, "0")}.eml`;
        fs.writeFileSync(path.join(E2E.mailDir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(E2E.smtpPort, "127.0.0.1", () => resolve());
  });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E.port),
    HOST: "127.0.0.1",
    APP_URL: E2E.baseUrl,
    DATA_DIR: E2E.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    MAIL_FROM: "Verbale <noreply@verbale.test>",
    ADMIN_EMAIL: E2E.adminEmail,
    ADMIN_PASSWORD: E2E.adminPassword,
    OPENAI_API_KEY: "",
    DATABASE_URL: "",
    ...(await appEnv()),
  };
  const logFile = fs.openSync(path.join(E2E.dir, "app.log"), "a");
  const app: ChildProcess = spawn(process.execPath, ["server/start.mjs"], {
    cwd: E2E.root,
    env,
    stdio: ["ignore", logFile, logFile],
  });
  let exited = false;
  app.on("exit", () => {
    exited = true;
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`L'app è terminata all'avvio: vedi ${path.join(E2E.dir, "app.log")}`);
    try {
      const response = await fetch(`${E2E.baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error("L'app non ha risposto su /healthz entro 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    if (!exited) {
      app.kill("SIGTERM");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          app.kill("SIGKILL");
          resolve();
        }, 15_000);
        app.on("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
