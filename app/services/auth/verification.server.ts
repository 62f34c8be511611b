import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { emailVerificationCodes, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError, badRequest, tooManyRequests } from "../api.server";
import { getConfig } from "../config.server";
import { log } from "../logger.server";
import { sendMail } from "../mail.server";
import { verificationCodeEmail } from "../mail-templates.server";
import { hitRateLimit, resetRateLimit } from "../rate-limit.server";
import type { SessionUser } from "../session.server";
import { findUserByEmail, limit, sessionUser, type RequestMeta, type UserRow } from "./common.server";

/** E-mail verification: six-digit codes, their cool-down, attempts and expiry. */

export const VERIFICATION_CODE_TTL_MINUTES = 15;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
export const VERIFICATION_MAX_ATTEMPTS = 5;

function codeHash(userId: string, code: string): string {
  return createHmac("sha256", getConfig().SESSION_SECRET).update(`${userId}:${code}`).digest("hex");
}

const cooldownKey = (email: string) => `verifyCooldown:${email.toLowerCase()}`;

/**
 * Issues a new code (spending the previous ones) and mails it, unless the 60-second cool-down of
 * this address is running. `force` skips the cool-down check but still starts it.
 * Returns whether a message went out and the seconds left of the cool-down.
 */
export async function issueVerificationCode(
  user: Pick<UserRow, "id" | "email" | "name">,
  options: { throwOnCooldown: boolean },
): Promise<{ sent: boolean; retryAfter: number }> {
  const cooldown = await hitRateLimit(cooldownKey(user.email), 1, VERIFICATION_RESEND_COOLDOWN_SECONDS);
  if (cooldown.count > 1) {
    if (options.throwOnCooldown) throw tooManyRequests(cooldown.retryAfterSeconds);
    return { sent: false, retryAfter: cooldown.retryAfterSeconds };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailVerificationCodes.userId, user.id), isNull(emailVerificationCodes.consumedAt)));
    await tx.insert(emailVerificationCodes).values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
    });
  });
  try {
    await sendMail({
      to: user.email,
      ...verificationCodeEmail({ name: user.name, code, expiresInMinutes: VERIFICATION_CODE_TTL_MINUTES }),
      logHint: `codice di verifica ${code}`,
    });
  } catch (error) {
    log.error({ err: error, userId: user.id }, "[auth] invio del codice di verifica fallito");
    // Let the user ask again at once: the cool-down only follows a message that went out.
    await resetRateLimit(cooldownKey(user.email));
    if (options.throwOnCooldown) throw new ApiError(502, MSG.forgotErrorDefault);
    return { sent: false, retryAfter: 0 };
  }
  return { sent: true, retryAfter: VERIFICATION_RESEND_COOLDOWN_SECONDS };
}

export async function verifyEmailCode(input: { email: string; code: string }, meta: RequestMeta): Promise<{ user: SessionUser; message: string }> {
  await limit("verifyPerIp", meta.ip);
  await limit("verifyPerEmail", input.email);
  const user = await findUserByEmail(input.email);
  if (!user) throw badRequest(MSG.codeInvalid);
  if (user.isEmailVerified) return { user: await sessionUser(user.id), message: MSG.alreadyVerified };
  const db = getDb();
  const [current] = await db
    .select()
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, user.id), isNull(emailVerificationCodes.consumedAt)))
    .orderBy(desc(emailVerificationCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt.getTime() <= Date.now()) throw badRequest(MSG.codeExpired);
  const expected = Buffer.from(current.codeHash, "hex");
  const given = Buffer.from(codeHash(user.id, input.code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [row] = await db
      .update(emailVerificationCodes)
      .set({
        attempts: sql`${emailVerificationCodes.attempts} + 1`,
        consumedAt: sql`case when ${emailVerificationCodes.attempts} + 1 >= ${VERIFICATION_MAX_ATTEMPTS} then now() else null end`,
      })
      .where(and(eq(emailVerificationCodes.id, current.id), isNull(emailVerificationCodes.consumedAt)))
      .returning({ attempts: emailVerificationCodes.attempts });
    if (!row || row.attempts >= VERIFICATION_MAX_ATTEMPTS) throw badRequest(MSG.codeSpent);
    throw badRequest(MSG.codeInvalid);
  }
  const verified = await db.transaction(async (tx) => {
    const spent = await tx
      .update(emailVerificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailVerificationCodes.id, current.id), isNull(emailVerificationCodes.consumedAt)))
      .returning({ id: emailVerificationCodes.id });
    if (spent.length === 0) return false;
    await tx.update(users).set({ isEmailVerified: true }).where(eq(users.id, user.id));
    return true;
  });
  if (!verified) throw badRequest(MSG.codeExpired);
  await resetRateLimit(`verifyPerEmail:${input.email}`);
  return { user: await sessionUser(user.id), message: MSG.emailVerified };
}

/**
 * Sends a fresh code. The same answer for unknown and already-verified addresses (no account
 * enumeration); a second request within 60 s is a 429 with retryAfter, whoever the address is.
 */
export async function resendVerification(input: { email: string }, meta: RequestMeta): Promise<{ message: string; retryAfter: number }> {
  await limit("resendPerIp", meta.ip);
  const user = await findUserByEmail(input.email);
  if (!user || user.isEmailVerified || !user.isActive) {
    const cooldown = await hitRateLimit(cooldownKey(input.email), 1, VERIFICATION_RESEND_COOLDOWN_SECONDS);
    if (cooldown.count > 1) throw tooManyRequests(cooldown.retryAfterSeconds);
    return { message: MSG.verificationSent, retryAfter: VERIFICATION_RESEND_COOLDOWN_SECONDS };
  }
  await limit("resendPerEmail", input.email);
  const { retryAfter } = await issueVerificationCode(user, { throwOnCooldown: true });
  return { message: MSG.verificationSent, retryAfter };
}

/** Seconds left before this address may ask for another code (0 when it may now). */
export async function verificationCooldownRemaining(email: string): Promise<number> {
  const rows = (await getDb().execute(sql`
    select greatest(0, ceil(extract(epoch from (reset_at - now()))))::int as left
    from rate_limits where key = ${cooldownKey(email)} and reset_at > now()
  `)) as unknown as { left: number }[];
  return rows[0] ? Number(rows[0].left) : 0;
}
