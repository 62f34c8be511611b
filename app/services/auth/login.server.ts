import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { conflict, forbidden, unauthorized } from "../api.server";
import { hashPassword, verifyPassword } from "../password.server";
import { assertRateLimit, hitRateLimit, resetRateLimit } from "../rate-limit.server";
import { createSession, deleteSession, hashToken } from "../session.server";
import {
  AUTH_LIMITS,
  findUserByEmail,
  isUniqueViolation,
  limit,
  roleId,
  sessionUser,
  type AuthSuccess,
  type RequestMeta,
  type UserRow,
} from "./common.server";
import { issueVerificationCode } from "./verification.server";

/** Registration, login (with its failure throttling) and logout. */

export async function registerUser(input: { name: string; email: string; password: string }, meta: RequestMeta): Promise<AuthSuccess> {
  await limit("registerPerIp", meta.ip);
  if (await findUserByEmail(input.email)) throw conflict(MSG.emailTaken);
  let created: UserRow;
  try {
    [created] = await getDb()
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        passwordHash: await hashPassword(input.password),
        roleId: await roleId("USER"),
        isEmailVerified: false,
        isActive: true,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.emailTaken);
    throw error;
  }
  const { sent } = await issueVerificationCode(created, { throwOnCooldown: false });
  const session = await createSession(created.id, meta);
  return {
    ...session,
    user: await sessionUser(created.id),
    message: sent ? MSG.verificationCodeSent : MSG.forgotErrorDefault,
    verificationSent: sent,
  };
}

/**
 * Signs in. Throttling slows a guesser without locking the owner out (decision 008): only wrong
 * passwords count; 5 for one account from one address make that address wait out its 15 minutes,
 * while the owner signs in from any other; 50 in an hour from anywhere hold the account, except
 * for a browser or client that already holds a session of this user (a known session). A
 * password reset clears every counter of the account.
 */
export async function loginUser(input: { email: string; password: string }, meta: RequestMeta): Promise<AuthSuccess> {
  await limit("loginPerIp", meta.ip);
  const email = input.email.toLowerCase();
  const [pairMax, pairWindow] = AUTH_LIMITS.loginFailuresPerEmailAndIp;
  const [accountMax, accountWindow] = AUTH_LIMITS.loginFailuresPerEmail;
  const pairKey = `loginFailuresPerEmailAndIp:${email}:${meta.ip}`;
  const accountKey = `loginFailuresPerEmail:${email}`;
  await assertRateLimit(pairKey, pairMax);
  const user = await findUserByEmail(input.email);
  if (!(user && (await holdsSessionOf(meta.sessionToken, user.id)))) await assertRateLimit(accountKey, accountMax);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid || !user.passwordHash) {
    await hitRateLimit(pairKey, pairMax, pairWindow);
    await hitRateLimit(accountKey, accountMax, accountWindow);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!user.isActive) throw forbidden(MSG.accountInactive);
  await resetRateLimit(pairKey);
  const session = await createSession(user.id, meta);
  if (!user.isEmailVerified) {
    const { sent, retryAfter } = await issueVerificationCode(user, { throwOnCooldown: false });
    // Not sent with time left: the cool-down of a code just sent; with none: the mail failed.
    const message = sent ? MSG.unverifiedLoginCodeSent : retryAfter > 0 ? MSG.unverifiedLoginCodeRecent : MSG.unverifiedLoginCodeNotSent;
    return { ...session, user: await sessionUser(user.id), message, verificationSent: sent };
  }
  return { ...session, user: await sessionUser(user.id), message: MSG.loginSuccess };
}

async function holdsSessionOf(token: string | undefined, userId: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await getDb()
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row?.userId === userId;
}

/** Forgets every failed-login counter of an account (after a password reset). */
export async function clearLoginFailures(email: string): Promise<void> {
  const e = email.toLowerCase();
  const pattern = `loginFailuresPerEmailAndIp:${e.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
  await getDb().execute(sql`delete from rate_limits where key = ${`loginFailuresPerEmail:${e}`} or key like ${pattern}`);
}

// A valid hash of a random password, so an unknown e-mail costs the same scrypt time as a known one.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + randomBytes(32).toString("base64url");

export async function logoutSession(token: string | undefined): Promise<void> {
  if (token) await deleteSession(token);
}
