import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import { getDb, type Executor } from "~/db/client.server";
import { roles, sessions, users } from "~/db/schema";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { ApiError, forbidden, unauthorized } from "./api.server";
import { getConfig } from "./config.server";
import { clearCookieHeader, readCookie, setCookieHeader } from "./cookies.server";

/**
 * Sessions live in Postgres. Pages carry the token in an httpOnly SameSite=Lax cookie; /api
 * accepts the same token as "Authorization: Bearer". The table stores only its SHA-256.
 */

export const SESSION_COOKIE = "verbale_session";
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export type RoleName = "USER" | "ADMIN";

/** The client view of a user (spec section 3). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  role: RoleName;
  isEmailVerified: boolean;
  isActive: boolean;
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
  db: Executor = getDb(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return { token, expiresAt };
}

export async function deleteSession(token: string, db: Executor = getDb()): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export function sessionCookieHeader(token: string, expiresAt: Date): string {
  return setCookieHeader(SESSION_COOKIE, token, { expires: expiresAt });
}

export function clearSessionCookieHeader(): string {
  return clearCookieHeader(SESSION_COOKIE);
}

type TokenSource = { token: string; via: "bearer" | "cookie" };

export function getRequestToken(request: Request): TokenSource | undefined {
  const authorization = request.headers.get("Authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    const token = authorization.slice(7).trim();
    if (token) return { token, via: "bearer" };
  }
  const cookie = readCookie(request, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

/** The origins a write may come from: APP_URL's, and the one of the Host the browser connected to. */
export type WriteHeaders = { method: string; origin: string | null; host: string | null; secFetchSite: string | null };

/**
 * Whether a write comes from another site (CSRF). The allowed origin is APP_URL's, or exactly
 * the Host the browser connected to (same scheme as APP_URL); X-Forwarded-Host is never read, as
 * any client can send it. Without Origin, Sec-Fetch-Site decides; without either, the request is
 * not from a browser page and carries no ambient credentials of another site.
 */
export function isCrossOriginWriteHeaders(headers: WriteHeaders, appUrl: string = getConfig().APP_URL): boolean {
  if (headers.method === "GET" || headers.method === "HEAD" || headers.method === "OPTIONS") return false;
  const origin = headers.origin;
  if (origin === "null") return true;
  if (origin) {
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      return true;
    }
    const app = new URL(appUrl);
    if (originUrl.origin === app.origin) return false;
    return !(headers.host && originUrl.protocol === app.protocol && originUrl.host === headers.host.toLowerCase());
  }
  const site = headers.secFetchSite;
  return site === "cross-site" || site === "same-site";
}

/**
 * Refuses cookie-authenticated writes coming from another origin (CSRF). Bearer requests carry no
 * ambient credentials, so they are not subject to it.
 */
export function isCrossOriginWrite(request: Request): boolean {
  return isCrossOriginWriteHeaders({
    method: request.method,
    origin: request.headers.get("Origin"),
    host: request.headers.get("Host"),
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
  });
}

/** The session token of a request's raw headers (bearer first, then the cookie). */
export function sessionTokenFromHeaders(authorization: string | undefined, cookie: string | undefined): string | undefined {
  const headers = new Headers();
  if (authorization) headers.set("Authorization", authorization);
  if (cookie) headers.set("Cookie", cookie);
  return getRequestToken(new Request("http://verbale.invalid/", { headers }))?.token;
}

/** Whether a token belongs to an unexpired session of an active user (one indexed lookup). */
export async function isLiveSessionToken(token: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ active: users.isActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return Boolean(row?.active);
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  avatar: users.avatar,
  role: roles.name,
  isEmailVerified: users.isEmailVerified,
  isActive: users.isActive,
};

export async function getUserById(id: string, db: Executor = getDb()): Promise<SessionUser | undefined> {
  const [row] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  return row ? { ...row, role: row.role === "ADMIN" ? "ADMIN" : "USER" } : undefined;
}

/** The signed-in user of a request, or undefined (unknown, expired, inactive, or a cross-origin cookie write). */
export async function getSessionUser(request: Request): Promise<SessionUser | undefined> {
  const source = getRequestToken(request);
  if (!source) return undefined;
  if (source.via === "cookie" && isCrossOriginWrite(request)) return undefined;
  const [row] = await getDb()
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, hashToken(source.token)), gt(sessions.expiresAt, new Date())));
  if (!row || !row.isActive) return undefined;
  return { ...row, role: row.role === "ADMIN" ? "ADMIN" : "USER" };
}

// ---------------------------------------------------------------- /api guards (throw ApiError)

export async function requireApiUser(request: Request): Promise<SessionUser> {
  const source = getRequestToken(request);
  if (source?.via === "cookie" && isCrossOriginWrite(request)) throw forbidden();
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireApiVerifiedUser(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isEmailVerified) throw new ApiError(403, MSG.verifyEmailRequired);
  return user;
}

export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (user.role !== "ADMIN") throw forbidden();
  return user;
}

// ---------------------------------------------------------------- page guards (throw redirects)

/** Admin-only pages: non-admins and anonymous visitors are redirected to "/". */
export async function requireAdminPage(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user || user.role !== "ADMIN") throw redirect("/");
  return user;
}

/** Cookie-authenticated page actions from another origin are refused with 403. */
export function assertSameOriginForm(request: Request): void {
  if (isCrossOriginWrite(request)) throw new Response(HTTP_ERRORS[403], { status: 403 });
}
