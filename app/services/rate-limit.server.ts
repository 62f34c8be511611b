import { lt, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { formatRetryAfter } from "~/lib/errors";
import { MSG } from "~/lib/messages";
import { tooManyRequests } from "./api.server";

/**
 * Fixed-window rate limits kept in Postgres (table rate_limits), so they hold across processes.
 * One atomic statement per hit: INSERT ... ON CONFLICT DO UPDATE ... RETURNING. A window that has
 * ended starts over at 1. Keys are free text, conventionally "<purpose>:<subject>", e.g.
 * "login:email:mario@esempio.it" or "login:ip:127.0.0.1".
 */

export type RateLimitState = { count: number; limit: number; remaining: number; retryAfterSeconds: number };

/** Counts one hit on key and returns the window's state, without throwing. */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, db: Executor = getDb()): Promise<RateLimitState> {
  const rows = (await db.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after
  `)) as unknown as { count: number; retry_after: number }[];
  const row = rows[0];
  const count = Number(row.count);
  return { count, limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Number(row.retry_after) };
}

/** 429 with retryAfter (seconds) and the catalogue's "Troppe richieste. Riprova tra {retryAfter}." */
export function rateLimitError(retryAfterSeconds: number) {
  return tooManyRequests(retryAfterSeconds, MSG.tooManyRequestsRetry(formatRetryAfter(retryAfterSeconds)));
}

/**
 * Counts one hit on key; over `limit` hits within `windowSeconds` it throws
 * tooManyRequests(retryAfterSeconds) (a 429 with retryAfter in /api answers).
 */
export async function consumeRateLimit(key: string, limit: number, windowSeconds: number, db: Executor = getDb()): Promise<void> {
  const state = await hitRateLimit(key, limit, windowSeconds, db);
  if (state.count > limit) throw rateLimitError(state.retryAfterSeconds);
}

/**
 * Throws tooManyRequests when key has already used up `limit` in its current window, without
 * counting a hit (e.g. check failed logins before verifying the password).
 */
export async function assertRateLimit(key: string, limit: number, db: Executor = getDb()): Promise<void> {
  const rows = (await db.execute(sql`
    select count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry_after
    from rate_limits where key = ${key} and reset_at > now()
  `)) as unknown as { count: number; retry_after: number }[];
  const row = rows[0];
  if (row && Number(row.count) >= limit) throw rateLimitError(Number(row.retry_after));
}

/** Forgets a key (e.g. the failed-login counter of an e-mail after a successful login). */
export async function resetRateLimit(key: string, db: Executor = getDb()): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes ended windows; safe to run from a periodic job. Returns how many rows went. */
export async function deleteExpiredRateLimits(db: Executor = getDb()): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date())).returning({ key: rateLimits.key });
  return deleted.length;
}
