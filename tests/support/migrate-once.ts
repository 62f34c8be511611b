/**
 * One process applying the migrations, as a starting server does (for the migration-lock test).
 * Usage: node --import tsx tests/support/migrate-once.ts <database url>
 */
import { connectDatabase, disconnectDatabase } from "~/db/client.server";
import { migrateDatabase } from "~/services/database.server";

connectDatabase(process.argv[2], { max: 3 });
await migrateDatabase();
await disconnectDatabase();
console.log("migrato");
