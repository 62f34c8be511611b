import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { roles, users } from "~/db/schema";
import { unauthorized } from "../api.server";
import { consumeRateLimit } from "../rate-limit.server";
import { getRequestToken, getUserById, type SessionUser } from "../session.server";

/**
 * What the account services share: rate limits, the caller's address, user lookups. Pages
 * (Remix actions) and /api handlers both call the services of this folder; the server enforces
 * every rule that the screens only hint at (cool-downs, attempts, expiry, rate limits, inactive
 * accounts).
 */

/** Rate limits: [limit, window in seconds]. */
export const AUTH_LIMITS = {
  /** Wrong passwords for one account from one address: that address waits, the owner elsewhere does not. */
  loginFailuresPerEmailAndIp: [5, 15 * 60],
  /** Wrong passwords for one account from anywhere; a known session of the owner still signs in. */
  loginFailuresPerEmail: [50, 60 * 60],
  loginPerIp: [100, 15 * 60],
  registerPerIp: [30, 60 * 60],
  verifyPerEmail: [15, 15 * 60],
  verifyPerIp: [50, 15 * 60],
  resendPerEmail: [6, 60 * 60],
  resendPerIp: [30, 60 * 60],
  forgotPerEmail: [5, 60 * 60],
  forgotPerIp: [20, 60 * 60],
  resetPerIp: [30, 15 * 60],
  oauthPerIp: [30, 15 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export type RequestMeta = { ip: string; userAgent: string | null; sessionToken?: string };

/**
 * The caller's address for per-IP limits: the one the HTTP server put in the load context (the
 * socket's, or the client a proxy named in TRUST_PROXY reported). Headers are never read here, so
 * a forged X-Forwarded-For changes nothing.
 */
export function requestMeta(request: Request, context?: unknown): RequestMeta {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return {
    ip: (typeof ip === "string" && ip ? ip : "local").slice(0, 64),
    userAgent: request.headers.get("User-Agent"),
    sessionToken: getRequestToken(request)?.token,
  };
}

export type AuthSuccess = { token: string; expiresAt: Date; user: SessionUser; message: string; verificationSent?: boolean };

export async function limit(key: keyof typeof AUTH_LIMITS, subject: string): Promise<void> {
  const [max, windowSeconds] = AUTH_LIMITS[key];
  await consumeRateLimit(`${key}:${subject}`, max, windowSeconds);
}

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function sessionUser(id: string): Promise<SessionUser> {
  const user = await getUserById(id);
  if (!user) throw unauthorized();
  return user;
}

export async function roleId(name: "USER" | "ADMIN"): Promise<number> {
  const [row] = await getDb().select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`Ruolo ${name} mancante: il seed non è stato eseguito`);
  return row.id;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
