import path from "node:path";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { connectDatabase, disconnectDatabase, getDb } from "~/db/client.server";
import type { Config } from "./config.server";
import { DatabaseStartError, startEmbeddedPostgres } from "./embedded-postgres.server";
import { appRoot } from "./paths.server";
import { seed, type SeedResult } from "./seed.server";

export type DatabaseHandle = { url: string; embedded: boolean; seedResult: SeedResult; stop: () => Promise<void> };

/** Applies the committed drizzle migrations (drizzle/) to the connected database. */
export async function migrateDatabase(): Promise<void> {
  await migrate(getDb(), { migrationsFolder: path.join(appRoot(), "drizzle") });
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
    const seedResult = await seed(getDb(), { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });
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
