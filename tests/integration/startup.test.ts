import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "~/services/embedded-postgres.server";

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

describe("server start-up", () => {
  beforeAll(() => {
    execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "ignore" });
  }, 300_000);

  it("stops with one line naming the variable when the configuration is wrong", async () => {
    const { code, output } = await runServer({ PORT: "porta", DATA_DIR: tempDataDir() });
    expect(code).not.toBe(0);
    const lines = output.trim().split("\n").filter((l) => !l.includes("nodedir"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configurazione non valida: PORT:/);
  });

  it("stops with one clear line and a non-zero exit when the database cannot start", async () => {
    const dir = tempDataDir();
    const running = await startEmbeddedPostgres(dir);
    try {
      const { code, output } = await runServer({ DATA_DIR: dir, PORT: "0" });
      expect(code).not.toBe(0);
      const lines = output.trim().split("\n").filter((l) => !l.includes("nodedir"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/database/i);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it("fails with one line when DATABASE_URL points nowhere", async () => {
    const { code, output } = await runServer({ DATA_DIR: tempDataDir(), PORT: "0", DATABASE_URL: "postgres://x:y@127.0.0.1:9/verbale" });
    expect(code).not.toBe(0);
    const lines = output.trim().split("\n").filter((l) => !l.includes("nodedir"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/database/i);
  });
});
