import path from "node:path";

/** Fixed addresses of the end-to-end run (the config is evaluated in several processes). */
const root = path.resolve(import.meta.dirname, "../../..");
const port = Number(process.env.E2E_PORT ?? 3210);
// One folder per port, so two runs on different ports never wipe each other's data.
const dir = path.join(root, "tests", ".data", process.env.E2E_PORT ? `e2e-${port}` : "e2e");

export const E2E = {
  root,
  port,
  smtpPort: port + 1,
  baseUrl: `http://127.0.0.1:${port}`,
  dir,
  dataDir: path.join(dir, "data"),
  mailDir: path.join(dir, "mail"),
  speechWav: path.join(dir, "speech.wav"),
  adminEmail: "admin@verbale.test",
  adminPassword: "Admin12345",
};
