import path from "node:path";

/** Fixed addresses of the end-to-end run (the config is evaluated in several processes). */
const root = path.resolve(import.meta.dirname, "../../..");
const port = Number(process.env.E2E_PORT ?? 3210);

export const E2E = {
  root,
  port,
  smtpPort: port + 1,
  baseUrl: `http://127.0.0.1:${port}`,
  dir: path.join(root, "tests", ".data", "e2e"),
  dataDir: path.join(root, "tests", ".data", "e2e", "data"),
  mailDir: path.join(root, "tests", ".data", "e2e", "mail"),
  speechWav: path.join(root, "tests", ".data", "e2e", "speech.wav"),
  adminEmail: "admin@verbale.test",
  adminPassword: "Admin12345",
};
