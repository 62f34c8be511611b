import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { runMigrations } from "graphile-worker";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { startEmbeddedPostgres } from "../../app/services/embedded-postgres.server";
import { seed } from "../../app/services/seed.server";
import * as schema from "../../app/db/schema";

/**
 * One real Postgres for the whole run (embedded, or TEST_DATABASE_URL), with a template database
 * that already holds the app's migrations, the seed and graphile-worker's schema. Each test file
 * clones it (CREATE DATABASE ... TEMPLATE), which takes a few milliseconds.
 */

export const TEMPLATE_DB = "verbale_template";
const root = path.resolve(import.meta.dirname, "../..");

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const dir = path.join(root, "tests", ".data", `pg-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DB);
  const sql = postgres(templateUrl, { max: 1, onnotice: () => {} });
  const db = drizzle(sql, { schema });
  await migrate(db, { migrationsFolder: path.join(root, "drizzle") });
  await seed(db, { adminEmail: "admin@verbale.test", adminPassword: "Admin12345" });
  await runMigrations({ connectionString: templateUrl, logger: undefined });
  await sql.end();
  await admin.end();

  project.provide("pgServerUrl", serverUrl);
  return async () => {
    await stop?.();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
