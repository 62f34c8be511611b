import path from "node:path";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { connectDatabase, disconnectDatabase, getDb, getSql } from "~/db/client.server";
import type { Config } from "./config.server";
import { DatabaseStartError, startEmbeddedPostgres } from "./embedded-postgres.server";
import { appRoot } from "./paths.server";
import { seed, type SeedResult } from "./seed.server";

export type DatabaseHandle = { url: string; embedded: boolean; seedResult: SeedResult; stop: () => Promise<void> };

/** Arbitrary constant key of the Postgres advisory lock held while migrating and seeding. */
const MIGRATION_LOCK = 4_281_270_316;

/**
 * Runs `work` holding a session advisory lock, so several processes starting together against
 * one database (web and worker roles, a rolling upgrade) migrate and seed one after the other:
 * the first applies the migrations, the others wait and then find nothing to do.
 */
export async function withMigrationLock<T>(work: () => Promise<T>): Promise<T> {
  const connection = await getSql().reserve();
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      return await work();
    } finally {
      await connection`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    connection.release();
  }
}

/** Applies the committed drizzle migrations (drizzle/) to the connected database. */
export async function migrateDatabase(): Promise<void> {
  await withMigrationLock(() => migrate(getDb(), { migrationsFolder: path.join(appRoot(), "drizzle") }));
}

/**
 * Connects to DATABASE_URL, or starts the embedded Postgres in DATA_DIR, then migrates and seeds.
 */
export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<DatabaseHandle> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(config.DATA_DIR, log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  try {
    connectDatabase(url);
    try {
      await getDb().execute("select 1");
    } catch (error) {
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new DatabaseStartError(
        `Impossibile connettersi al database${stopEmbedded ? " incorporato" : " (DATABASE_URL)"}: ${String(reason).split("\n")[0]}`,
      );
    }
    await migrateDatabase();
    const seedResult = await withMigrationLock(() => seed(getDb(), { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD }));
    return {
      url,
      embedded: Boolean(stopEmbedded),
      seedResult,
      stop: async () => {
        await disconnectDatabase();
        await stopEmbedded?.();
      },
    };
  } catch (error) {
    await disconnectDatabase().catch(() => {});
    await stopEmbedded?.().catch(() => {});
    throw error;
  }
}
