import { and, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { documents, roles, subscriptionTypes, transcriptions, userSubscriptions, users } from "~/db/schema";
import { activeSubscriptionCondition } from "../usage.server";
import { splitName, toNumber } from "./common.server";
import { selectSubscriptionRows } from "./subscriptions.server";

/** GET /api/admin/dashboard (spec 3 'Admin dashboard data') and the analytics page. */

export const EXPIRING_WINDOW_DAYS = 14;
const LIST_SIZE = 5;

type UserSummary = { id: string; name: string; firstName: string; lastName: string; email: string };

export type AdminDashboard = {
  users: {
    total: number;
    active: number;
    verified: number;
    latest: (UserSummary & { role: string; isEmailVerified: boolean; isActive: boolean; createdAt: Date })[];
  };
  transcriptions: {
    total: number;
    byStatus: { status: string; count: number }[];
    totalStorageBytes: number;
    documentsStorageBytes: number;
    avgDuration: number;
    topUsers: { user: UserSummary; transcriptions: number; totalFileSize: number; totalDuration: number }[];
  };
  subscriptions: {
    total: number;
    active: number;
    expiringSoonCount: number;
    expiringSoon: SubscriptionSummary[];
    latest: SubscriptionSummary[];
  };
  database: { sizeBytes: number; tables: { name: string; sizeBytes: number }[] } | null;
};

type SubscriptionSummary = { id: string; status: string; user: UserSummary; typeName: string; startDate: Date; endDate: Date; createdAt: Date };

const userSummary = (u: { id: string; name: string; email: string }): UserSummary => ({
  id: u.id,
  name: u.name,
  email: u.email,
  ...splitName(u.name),
});

async function subscriptionList(db: Executor, where: ReturnType<typeof and>, order: "end" | "created"): Promise<SubscriptionSummary[]> {
  const rows = await selectSubscriptionRows(db)
    .where(where)
    .orderBy(order === "end" ? userSubscriptions.endDate : desc(userSubscriptions.createdAt))
    .limit(LIST_SIZE);
  return rows.map((r) => ({
    id: r.sub.id,
    status: r.sub.status,
    startDate: r.sub.startDate,
    endDate: r.sub.endDate,
    createdAt: r.sub.createdAt,
    typeName: r.plan.name,
    user: userSummary({ id: r.sub.userId, name: r.userName, email: r.userEmail }),
  }));
}

/** Size of the database and its heaviest tables, from Postgres' own catalog; null if the role may not read it. */
async function databaseInfo(db: Executor): Promise<AdminDashboard["database"]> {
  try {
    const [size] = await db.execute<{ size: string }>(sql`select pg_database_size(current_database())::text as size`);
    const tables = await db.execute<{ name: string; size: string }>(sql`
      select c.relname as name, pg_total_relation_size(c.oid)::text as size
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by pg_total_relation_size(c.oid) desc
      limit 8`);
    return { sizeBytes: toNumber(size?.size), tables: [...tables].map((t) => ({ name: t.name, sizeBytes: toNumber(t.size) })) };
  } catch {
    return null;
  }
}

export async function getAdminDashboard(db: Executor = getDb(), now: Date = new Date()): Promise<AdminDashboard> {
  const soon = new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 24 * 3600 * 1000);
  const expiringWhere = and(activeSubscriptionCondition(now), lte(userSubscriptions.endDate, soon), gte(userSubscriptions.endDate, now));
  const [[userCounts], latestUsers, byStatus, [docStorage], topUsers, [subCounts], expiringSoon, latestSubs, database] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${users.isActive})::int`,
        verified: sql<number>`count(*) filter (where ${users.isEmailVerified})::int`,
      })
      .from(users),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: roles.name,
        isEmailVerified: users.isEmailVerified,
        isActive: users.isActive,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(desc(users.createdAt))
      .limit(LIST_SIZE),
    db.select({ status: transcriptions.status, count: count() }).from(transcriptions).groupBy(transcriptions.status),
    db.select({ bytes: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)::text` }).from(documents),
    // One pass over the (user_id, file_size, duration) index gives both the per-user figures and,
    // summed over those groups, the totals.
    db.execute<{
      id: string;
      name: string;
      email: string;
      n: number;
      bytes: string;
      seconds: number | null;
      all_bytes: string;
      all_seconds: number | null;
      all_durations: number;
    }>(sql`
      with per_user as (
        select ${transcriptions.userId} as user_id, count(*)::int as n, sum(${transcriptions.fileSize}) as bytes,
               sum(${transcriptions.duration})::float8 as seconds, count(${transcriptions.duration})::int as durations
        from ${transcriptions}
        group by ${transcriptions.userId}
      ), ranked as (
        select *, sum(bytes) over () as all_bytes, sum(seconds) over () as all_seconds, sum(durations) over () as all_durations
        from per_user
        order by n desc, bytes desc
        limit ${LIST_SIZE}
      )
      select u.id, u.name, u.email, r.n, r.bytes::text as bytes, r.seconds, r.all_bytes::text as all_bytes, r.all_seconds, r.all_durations::int as all_durations
      from ranked r join ${users} u on u.id = r.user_id
      order by r.n desc, r.bytes desc`),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${activeSubscriptionCondition(now)})::int`,
        expiring: sql<number>`count(*) filter (where ${expiringWhere})::int`,
      })
      .from(userSubscriptions),
    subscriptionList(db, expiringWhere, "end"),
    subscriptionList(db, undefined, "created"),
    databaseInfo(db),
  ]);

  return {
    users: {
      total: userCounts.total,
      active: userCounts.active,
      verified: userCounts.verified,
      latest: latestUsers.map((u) => ({
        ...userSummary(u),
        role: u.role,
        isEmailVerified: u.isEmailVerified,
        isActive: u.isActive,
        createdAt: u.createdAt,
      })),
    },
    transcriptions: {
      total: byStatus.reduce((sum, r) => sum + r.count, 0),
      byStatus: byStatus.map((r) => ({ status: r.status, count: r.count })),
      totalStorageBytes: toNumber(topUsers[0]?.all_bytes),
      documentsStorageBytes: toNumber(docStorage.bytes),
      avgDuration: topUsers[0]?.all_durations ? toNumber(topUsers[0].all_seconds) / topUsers[0].all_durations : 0,
      topUsers: [...topUsers].map((t) => ({
        user: userSummary(t),
        transcriptions: Number(t.n),
        totalFileSize: toNumber(t.bytes),
        totalDuration: toNumber(t.seconds),
      })),
    },
    subscriptions: { total: subCounts.total, active: subCounts.active, expiringSoonCount: subCounts.expiring, expiringSoon, latest: latestSubs },
    database,
  };
}

// ---------------------------------------------------------------- analytics

export type Analytics = {
  days: number;
  from: string;
  to: string;
  perDay: { day: string; recordings: number; minutes: number; completed: number; failed: number }[];
  newUsersPerWeek: { week: string; count: number }[];
  plansInUse: { name: string; count: number }[];
  failure: { completed: number; failed: number; rate: number };
};

/** Day buckets follow the Italian calendar (Europe/Rome); missing days are filled with zeros in SQL. */
export async function getAnalytics(days: number, db: Executor = getDb(), now: Date = new Date()): Promise<Analytics> {
  const span = Math.max(1, Math.min(366, Math.trunc(days)));
  const [perDay, perWeek, plans] = await Promise.all([
    db.execute<{ day: string; recordings: number; minutes: number; completed: number; failed: number }>(sql`
      with bounds as (
        select (${now.toISOString()}::timestamptz at time zone 'Europe/Rome')::date as last_day
      ), days as (
        select generate_series(last_day - (${span}::int - 1), last_day, interval '1 day')::date as day from bounds
      ), created as (
        select (created_at at time zone 'Europe/Rome')::date as day, count(*)::int as n
        from ${transcriptions}
        where created_at >= ((select min(day) from days)::timestamp at time zone 'Europe/Rome')
        group by 1
      ), finished as (
        select (coalesce(completed_at, updated_at) at time zone 'Europe/Rome')::date as day,
               coalesce(sum(duration) filter (where status = 'COMPLETED'), 0)::float8 / 60 as minutes,
               count(*) filter (where status = 'COMPLETED')::int as completed,
               count(*) filter (where status = 'FAILED')::int as failed
        from ${transcriptions}
        where status in ('COMPLETED', 'FAILED')
          and coalesce(completed_at, updated_at) >= ((select min(day) from days)::timestamp at time zone 'Europe/Rome')
        group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0) as recordings, coalesce(f.minutes, 0) as minutes,
             coalesce(f.completed, 0) as completed, coalesce(f.failed, 0) as failed
      from days d left join created c on c.day = d.day left join finished f on f.day = d.day
      order by d.day`),
    db.execute<{ week: string; count: number }>(sql`
      with weeks as (
        select generate_series(
          date_trunc('week', (${now.toISOString()}::timestamptz at time zone 'Europe/Rome') - make_interval(days => ${span}::int - 1)),
          date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'Europe/Rome'),
          interval '1 week')::date as week
      ), created as (
        select date_trunc('week', created_at at time zone 'Europe/Rome')::date as week, count(*)::int as n
        from ${users}
        where created_at >= ((select min(week) from weeks)::timestamp at time zone 'Europe/Rome')
        group by 1
      )
      select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(c.n, 0) as count
      from weeks w left join created c on c.week = w.week order by w.week`),
    db
      .select({ name: subscriptionTypes.name, count: count() })
      .from(userSubscriptions)
      .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
      .where(activeSubscriptionCondition(now))
      .groupBy(subscriptionTypes.name, subscriptionTypes.sortOrder)
      .orderBy(subscriptionTypes.sortOrder),
  ]);
  const rows = [...perDay].map((r) => ({
    day: r.day,
    recordings: Number(r.recordings),
    minutes: Number(r.minutes),
    completed: Number(r.completed),
    failed: Number(r.failed),
  }));
  const completed = rows.reduce((s, r) => s + r.completed, 0);
  const failed = rows.reduce((s, r) => s + r.failed, 0);
  return {
    days: span,
    from: rows[0]?.day ?? "",
    to: rows[rows.length - 1]?.day ?? "",
    perDay: rows,
    newUsersPerWeek: [...perWeek].map((r) => ({ week: r.week, count: Number(r.count) })),
    plansInUse: plans.map((p) => ({ name: p.name, count: p.count })),
    failure: { completed, failed, rate: completed + failed === 0 ? 0 : failed / (completed + failed) },
  };
}
