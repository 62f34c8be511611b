import { spawn } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * Several processes starting together on one empty database (web and worker roles, a rolling
 * upgrade) must not run the migrations over each other: an advisory lock makes them take turns.
 */

const root = path.resolve(import.meta.dirname, "../..");
const name = `mig_${process.pid}`;
let admin: postgres.Sql;
let url: string;

beforeAll(async () => {
  const serverUrl = inject("pgServerUrl");
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  url = u.toString();
});
afterAll(async () => {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

function migrateInChild(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/migrate-once.ts", url], { cwd: root });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("migrations at start-up", () => {
  it("three processes migrating one empty database at once all succeed, and the schema is applied once", async () => {
    const results = await Promise.all([migrateInChild(), migrateInChild(), migrateInChild()]);
    for (const result of results) expect(result, result.output).toMatchObject({ code: 0 });
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const applied = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const journal = (await import("../../drizzle/meta/_journal.json", { with: { type: "json" } })).default as { entries: unknown[] };
      expect(applied[0].n).toBe(journal.entries.length);
      expect((await sql`select to_regclass('public.transcriptions') as t`)[0].t).toBe("transcriptions");
    } finally {
      await sql.end();
    }
  }, 60_000);
});
