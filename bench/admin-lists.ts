import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { connectDatabase, disconnectDatabase, getDb } from "../app/db/client.server";
import { parsePlansQuery, parseSubscriptionsQuery, parseTranscriptionsQuery, parseUsersQuery } from "../app/lib/validation/admin";
import { getAdminDashboard, getAnalytics } from "../app/services/admin/dashboard.server";
import { listPlans } from "../app/services/admin/plans.server";
import { listAdminSubscriptions } from "../app/services/admin/subscriptions.server";
import { listAdminTranscriptions } from "../app/services/admin/transcriptions.server";
import { listUsers } from "../app/services/admin/users.server";
import { startEmbeddedPostgres } from "../app/services/embedded-postgres.server";
import { seed } from "../app/services/seed.server";

/**
 * Admin list latency at scale: a fresh embedded Postgres with 10,000 users, 100,000
 * transcriptions, 10,000 subscriptions and 20,000 orders (bulk INSERT ... SELECT generate_series),
 * then p50/p95 of each admin list with typical filters and sorts, and of the overview, through the
 * same service functions the pages and /api call. Target: p95 < 100 ms each.
 * Run: node --import tsx bench/admin-lists.ts   (RUNS=50 by default)
 */

const RUNS = Number(process.env.RUNS ?? 50);
const USERS = 10_000;
const TRANSCRIPTIONS = 100_000;
const root = path.resolve(import.meta.dirname, "..");
// REUSE=1 keeps the seeded database in bench/.data/admin-lists between runs (for tuning queries).
const REUSE = process.env.REUSE === "1";
const dataDir = path.join(root, "bench", ".data", REUSE ? "admin-lists" : `admin-lists-${process.pid}`);

async function seedRows() {
  const db = getDb();
  const t0 = performance.now();
  await db.execute(sql`
    insert into users (email, name, password_hash, role_id, is_email_verified, is_active, last_login_at, created_at)
    select 'utente' || g || '@esempio.it',
           (array['Marco','Giulia','Luca','Sara','Paolo','Chiara','Andrea','Elena'])[1 + g % 8] || ' ' ||
           (array['Rossi','Bianchi','Verdi','Russo','Ferrari','Esposito','Romano','Colombo'])[1 + (g / 8) % 8] || ' ' || g,
           null, (select id from roles where name = 'USER'), g % 5 <> 0, g % 50 <> 0,
           now() - (g % 90) * interval '1 day', now() - (${USERS} - g) * interval '15 minutes'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into user_subscriptions (user_id, subscription_type_id, status, is_active, is_paid, start_date, end_date, current_period_start, current_period_end, created_at)
    select u.id, p.id,
           (array['ACTIVE','ACTIVE','ACTIVE','CANCELLED','EXPIRED','PENDING']::subscription_status[])[1 + u.n % 6],
           u.n % 6 < 3, case when p.type = 'FREE' then null else true end,
           now() - (u.n % 300) * interval '1 day', now() + (30 - u.n % 60) * interval '1 day',
           now() - (u.n % 30) * interval '1 day', now() + (30 - u.n % 60) * interval '1 day',
           u.created_at
    from (select id, created_at, row_number() over (order by created_at) as n from users) u
    join (select id, type, row_number() over (order by sort_order) - 1 as k from subscription_types) p on p.k = u.n % 4`);
  await db.execute(sql`
    insert into orders (user_id, subscription_id, status, amount, currency, payment_date, created_at)
    select s.user_id, s.id, (array['PAID','PAID','PAID','FAILED','REFUNDED']::order_status[])[1 + g % 5], 9.99, 'EUR',
           now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day'
    from user_subscriptions s cross join generate_series(1, 2) g`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by created_at) as n from users)
    insert into transcriptions (user_id, status, file_name, original_name, mime_type, file_size, duration, language, title, text,
                                usage_month, usage_megabytes, created_at, updated_at, completed_at)
    select u.id,
           (array['COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','FAILED','PENDING','PROCESSING','COMPLETED']::job_status[])[1 + g % 10],
           'audio/' || g || '.webm', 'riunione-' || g || '.webm', 'audio/webm',
           200000 + (g * 7919) % 50000000, 60 + (g * 31) % 7200, 'it',
           (array['Riunione di bilancio','Progetto Alfa','Marketing settimanale','Assemblea soci','Colloquio cliente','Revisione codice'])[1 + g % 6] || ' ' || g,
           'Buongiorno a tutti, oggi parliamo del punto ' || g || ' all''ordine del giorno e delle prossime attività.',
           date_trunc('month', now())::date, 1 + g % 50,
           now() - (${TRANSCRIPTIONS} - g) * interval '4 minutes', now() - (${TRANSCRIPTIONS} - g) * interval '4 minutes',
           case when g % 10 in (0,1,2,3,4,5,9) then now() - (${TRANSCRIPTIONS} - g) * interval '4 minutes' + interval '3 minutes' end
    from generate_series(1, ${TRANSCRIPTIONS}) g join u on u.n = 1 + (g * 2654435761::bigint) % ${USERS}`);
  await db.execute(sql`vacuum analyze`);
  return performance.now() - t0;
}

type Case = { name: string; run: () => Promise<unknown> };

const q = (s: string) => new URLSearchParams(s);

async function main() {
  if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
  const embedded = await startEmbeddedPostgres(dataDir);
  try {
    connectDatabase(embedded.url, { max: 10 });
    await migrate(getDb(), { migrationsFolder: path.join(root, "drizzle") });
    await seed(getDb(), { adminEmail: "admin@bench.test", adminPassword: "Admin12345" });
    const [{ n }] = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from transcriptions`);
    const seedMs = n >= TRANSCRIPTIONS ? 0 : await seedRows();
    const [{ id: someUser }] = await getDb().execute<{ id: string }>(sql`select id from users order by created_at limit 1 offset 5000`);

    const cases: Case[] = [
      { name: "users: default (createdAt desc, page 1)", run: () => listUsers(parseUsersQuery(q(""))) },
      { name: "users: search 'rossi' + verified", run: () => listUsers(parseUsersQuery(q("search=rossi&status=verified"))) },
      { name: "users: role USER, sort name asc, page 50", run: () => listUsers(parseUsersQuery(q("role=USER&sortBy=name&sortOrder=asc&page=50"))) },
      { name: "transcriptions: default (createdAt desc)", run: () => listAdminTranscriptions(parseTranscriptionsQuery(q(""))) },
      { name: "transcriptions: status FAILED", run: () => listAdminTranscriptions(parseTranscriptionsQuery(q("status=FAILED"))) },
      { name: "transcriptions: search 'assemblea'", run: () => listAdminTranscriptions(parseTranscriptionsQuery(q("search=assemblea"))) },
      { name: "transcriptions: one user", run: () => listAdminTranscriptions(parseTranscriptionsQuery(q(`user=${someUser}`))) },
      {
        name: "transcriptions: sort fileSize desc, page 100",
        run: () => listAdminTranscriptions(parseTranscriptionsQuery(q("sortBy=fileSize&sortOrder=desc&page=100"))),
      },
      {
        name: "transcriptions: last 7 days, COMPLETED",
        run: () =>
          listAdminTranscriptions(
            parseTranscriptionsQuery(q(`status=COMPLETED&dateFrom=${new Date(Date.now() - 7 * 86400000).toISOString().slice(0, 10)}`)),
          ),
      },
      { name: "subscriptions: default (createdAt desc)", run: () => listAdminSubscriptions(parseSubscriptionsQuery(q(""))) },
      { name: "subscriptions: ACTIVE, type pro", run: () => listAdminSubscriptions(parseSubscriptionsQuery(q("status=ACTIVE&type=pro"))) },
      {
        name: "subscriptions: search 'bianchi', sort endDate",
        run: () => listAdminSubscriptions(parseSubscriptionsQuery(q("search=bianchi&sortBy=endDate&sortOrder=asc"))),
      },
      {
        name: "subscription types: sort subscriptionCount desc",
        run: () => listPlans(parsePlansQuery(q("sortBy=subscriptionCount&sortOrder=desc"))),
      },
      { name: "overview (GET /api/admin/dashboard)", run: () => getAdminDashboard() },
      { name: "analytics, 30 days", run: () => getAnalytics(30) },
    ];

    const rows: string[] = [];
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await c.run(); // warm-up: plans cached, pool connections open
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await c.run();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
      const p95 = pct(95);
      rows.push(`| ${c.name} | ${pct(50).toFixed(1)} | ${p95.toFixed(1)} | ${p95 < 100 ? "yes" : "**no**"} |`);
    }
    console.log(
      `\nAdmin lists at ${USERS.toLocaleString("en-US")} users / ${TRANSCRIPTIONS.toLocaleString("en-US")} transcriptions (seeded in ${(seedMs / 1000).toFixed(1)} s), ${RUNS} runs each`,
    );
    console.log(
      `${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "cpu"}, Node ${process.version}, embedded Postgres, load ${os.loadavg()[0].toFixed(1)}\n`,
    );
    console.log("| Query | p50 ms | p95 ms | < 100 ms p95 |");
    console.log("|---|---|---|---|");
    for (const r of rows) console.log(r);
  } finally {
    await disconnectDatabase();
    await embedded.stop();
    if (!REUSE) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
