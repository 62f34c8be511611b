import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processIsAlive, startEmbeddedPostgres } from "~/services/embedded-postgres.server";
import { HTTP_ERRORS } from "~/lib/messages";
import { ensureFreshBuild } from "../support/running-app";
import { startS3Server } from "../support/s3";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = path.join(root, "tests", ".data", `startup-${process.pid}-${dirs.length}`);
  fs.rmSync(dir, { recursive: true, force: true });
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Runs the compiled app as `npm start` does (`node server/start.mjs`) and resolves with its exit code and output. */
function runServer(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server/start.mjs"], { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Starts the app as users start it and resolves once it listens (its URL from the log line). */
function spawnApp(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    // As `npm start` runs it: no NODE_ENV (server/start.mjs settles production).
    const { NODE_ENV: _unset, ...inherited } = process.env;
    const child = spawn(process.execPath, ["server/start.mjs"], {
      cwd: root,
      env: { ...inherited, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: "", SMTP_URL: "", ...env } as unknown as NodeJS.ProcessEnv,
    });
    let output = "";
    const onData = (d: Buffer) => {
      output += d;
      const match = output.match(/in ascolto su (http:\/\/\S+) /);
      if (match) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code: number | null) => reject(new Error(`uscito con ${code}: ${output}`)));
  });
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

describe("restart after a crash (decision 007)", () => {
  beforeAll(() => ensureFreshBuild(), 180_000);

  it("stops the orphaned Postgres within seconds of a SIGKILL and starts again on the same DATA_DIR", async () => {
    const dir = tempDataDir();
    const first = await spawnApp({ DATA_DIR: dir });
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    // The production error page, as `npm start` serves it.
    const malformed = await fetch(`${first.url}/%E0%A4%A`);
    expect(malformed.status).toBe(400);
    const page = await malformed.text();
    expect(page).toContain(HTTP_ERRORS[400]);
    expect(page).not.toMatch(/ at |node_modules|URIError/);

    const pg = postmasterPid(dir);
    await killAndWait(first.child, "SIGKILL");
    // The embedded Postgres follows its parent within seconds instead of lingering.
    expect(await waitUntil(() => !processIsAlive(pg), 10_000)).toBe(true);

    const second = await spawnApp({ DATA_DIR: dir });
    try {
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    } finally {
      await killAndWait(second.child, "SIGTERM");
    }
  }, 120_000);

  it("recognises its own orphan when the watchdog died too, stops it and serves again", async () => {
    const dir = tempDataDir();
    const first = await spawnApp({ DATA_DIR: dir });
    const owner = JSON.parse(fs.readFileSync(path.join(dir, "postgres-owner.json"), "utf8")) as { watchdogPid: number };
    const pg = postmasterPid(dir);
    process.kill(owner.watchdogPid, "SIGKILL");
    await killAndWait(first.child, "SIGKILL");
    expect(processIsAlive(pg)).toBe(true);

    const second = await spawnApp({ DATA_DIR: dir });
    try {
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      expect(processIsAlive(pg)).toBe(false);
      expect(second.output()).toMatch(/arresto improvviso/);
    } finally {
      await killAndWait(second.child, "SIGTERM");
    }
  }, 120_000);
});

describe("embedded Postgres", () => {
  it("keeps the data across a restart, on the port it remembered", async () => {
    const dir = tempDataDir();
    const first = await startEmbeddedPostgres(dir);
    const sql1 = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql1`create table memo (note text)`;
    await sql1`insert into memo values ('riunione del lunedì')`;
    await sql1.end();
    await first.stop();

    const second = await startEmbeddedPostgres(dir);
    expect(new URL(second.url).port).toBe(new URL(first.url).port);
    expect(new URL(second.url).hostname).toBe("127.0.0.1");
    expect(new URL(second.url).port).not.toBe("5432");
    const sql2 = postgres(second.url, { max: 1, onnotice: () => {} });
    expect(await sql2`select note from memo`).toEqual([{ note: "riunione del lunedì" }]);
    await sql2.end();
    await second.stop();
  }, 60_000);
});

/** The server stopped (non-zero exit) and said why in exactly one line, matching `line`. */
function expectStoppedWithOneLine({ code, output }: { code: number | null; output: string }, line: RegExp): void {
  expect(code).not.toBe(0);
  const lines = output
    .trim()
    .split("\n")
    .filter((l) => !l.includes("nodedir"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(line);
}

describe("server start-up", () => {
  beforeAll(() => {
    execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "ignore" });
  }, 300_000);

  it("stops with one line naming the variable when the configuration is wrong", async () => {
    expectStoppedWithOneLine(await runServer({ PORT: "porta", DATA_DIR: tempDataDir() }), /^Configurazione non valida: PORT:/);
  });

  it("stops with one line naming STORAGE_URL when the object storage is wrong or cannot be reached (decision 021)", async () => {
    const s3 = await startS3Server();
    try {
      const cases: [Record<string, string>, RegExp][] = [
        [{ STORAGE_URL: "s3://" }, /^Configurazione non valida: STORAGE_URL: STORAGE_URL deve essere/],
        [{ ...s3.env(), S3_ENDPOINT: "minio:9000" }, /^Configurazione non valida: S3_ENDPOINT:/],
        [
          { ...s3.env(), STORAGE_URL: "s3://bucket-mancante/verbale" },
          /^Configurazione non valida: STORAGE_URL: il bucket non esiste: s3:\/\/bucket-mancante\//,
        ],
        [
          { ...s3.env(), S3_ENDPOINT: "http://127.0.0.1:9" },
          /^Configurazione non valida: STORAGE_URL: archivio non raggiungibile .*http:\/\/127\.0\.0\.1:9/,
        ],
      ];
      for (const [env, line] of cases) {
        const dir = tempDataDir();
        expectStoppedWithOneLine(await runServer({ ...env, DATA_DIR: dir, PORT: "0" }), line);
        // Stopped before the database: nothing was started or written for it.
        expect(fs.existsSync(path.join(dir, "postgres"))).toBe(false);
      }
    } finally {
      await s3.close();
    }
  }, 120_000);

  it("stops with one clear line and a non-zero exit when the database cannot start", async () => {
    const dir = tempDataDir();
    const running = await startEmbeddedPostgres(dir);
    try {
      expectStoppedWithOneLine(await runServer({ DATA_DIR: dir, PORT: "0" }), /database/i);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("fails with one line when DATABASE_URL points nowhere", async () => {
    expectStoppedWithOneLine(
      await runServer({ DATA_DIR: tempDataDir(), PORT: "0", DATABASE_URL: "postgres://x:y@127.0.0.1:9/verbale" }),
      /database/i,
    );
  });
});
