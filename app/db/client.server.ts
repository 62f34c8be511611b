import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Executor = Database | Transaction;

type Connection = { url: string; sql: postgres.Sql; db: Database };

// Kept on globalThis so one pool survives Vite's module reloads in development, and is shared
// with the compiled copy of the app that tests/integration/security-headers.test.ts loads beside
// the test's own modules. The running app itself loads this module once (decision 015).
const globalForDb = globalThis as unknown as { __verbaleDb?: Connection };

/** Opens the process-wide pool. Called once at start-up (and by tests with their own URL). */
export function connectDatabase(url: string, options: { max?: number } = {}): Connection {
  if (globalForDb.__verbaleDb) {
    if (globalForDb.__verbaleDb.url === url) return globalForDb.__verbaleDb;
    throw new Error("Database already connected to another URL");
  }
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // numeric and bigint come back as JS numbers where drizzle asks for mode "number".
    connection: { application_name: "verbale" },
  });
  const db = drizzle(sql, { schema });
  globalForDb.__verbaleDb = { url, sql, db };
  return globalForDb.__verbaleDb;
}

export function getDb(): Database {
  if (!globalForDb.__verbaleDb) throw new Error("Database not connected: call connectDatabase() first");
  return globalForDb.__verbaleDb.db;
}

export function getSql(): postgres.Sql {
  if (!globalForDb.__verbaleDb) throw new Error("Database not connected: call connectDatabase() first");
  return globalForDb.__verbaleDb.sql;
}

export async function disconnectDatabase(): Promise<void> {
  const conn = globalForDb.__verbaleDb;
  globalForDb.__verbaleDb = undefined;
  if (conn) await conn.sql.end({ timeout: 5 });
}

export { schema };
