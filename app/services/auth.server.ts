import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { emailVerificationCodes, passwordResetTokens, roles, sessions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError, badRequest, conflict, forbidden, tooManyRequests, unauthorized } from "./api.server";
import { getConfig } from "./config.server";
import type { GoogleProfile } from "./google-oauth.server";
import { sendMail } from "./mail.server";
import { passwordResetEmail, verificationCodeEmail } from "./mail-templates.server";
import { hashPassword, verifyPassword } from "./password.server";
import { assertRateLimit, consumeRateLimit, hitRateLimit, resetRateLimit } from "./rate-limit.server";
import { createSession, deleteSession, getRequestToken, getUserById, hashToken, type SessionUser } from "./session.server";
import { log } from "./logger.server";

/**
 * Accounts: registration, e-mail verification, login, password reset and Google sign-in. Pages
 * (Remix actions) and /api handlers both call these; the server enforces every rule that the
 * screens only hint at (cool-downs, attempts, expiry, rate limits, inactive accounts).
 */

export const VERIFICATION_CODE_TTL_MINUTES = 15;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_HOURS = 5;

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

async function limit(key: keyof typeof AUTH_LIMITS, subject: string): Promise<void> {
  const [max, windowSeconds] = AUTH_LIMITS[key];
  await consumeRateLimit(`${key}:${subject}`, max, windowSeconds);
}

type UserRow = typeof users.$inferSelect;

async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const [row] = await getDb().select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function sessionUser(id: string): Promise<SessionUser> {
  const user = await getUserById(id);
  if (!user) throw unauthorized();
  return user;
}

async function roleId(name: "USER" | "ADMIN"): Promise<number> {
  const [row] = await getDb().select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`Ruolo ${name} mancante: il seed non è stato eseguito`);
  return row.id;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

// ---------------------------------------------------------------- verification codes

function codeHash(userId: string, code: string): string {
  return createHmac("sha256", getConfig().SESSION_SECRET).update(`${userId}:${code}`).digest("hex");
}

const cooldownKey = (email: string) => `verifyCooldown:${email.toLowerCase()}`;

/**
 * Issues a new code (spending the previous ones) and mails it, unless the 60-second cool-down of
 * this address is running. `force` skips the cool-down check but still starts it.
 * Returns whether a message went out and the seconds left of the cool-down.
 */
async function issueVerificationCode(
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

// ---------------------------------------------------------------- register, login, logout

export async function registerUser(
  input: { name: string; email: string; password: string },
  meta: RequestMeta,
): Promise<AuthSuccess> {
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
async function clearLoginFailures(email: string): Promise<void> {
  const e = email.toLowerCase();
  const pattern = `loginFailuresPerEmailAndIp:${e.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
  await getDb().execute(sql`delete from rate_limits where key = ${`loginFailuresPerEmail:${e}`} or key like ${pattern}`);
}

// A valid hash of a random password, so an unknown e-mail costs the same scrypt time as a known one.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + randomBytes(32).toString("base64url");

export async function logoutSession(token: string | undefined): Promise<void> {
  if (token) await deleteSession(token);
}

// ---------------------------------------------------------------- e-mail verification

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

// ---------------------------------------------------------------- password reset

const resetHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Always answers the same way, and in the same time, whether the address exists or not: the
 * request only checks the limits and looks the address up; the link is created and mailed after
 * the answer has gone (a slow SMTP server would otherwise tell known addresses from unknown ones).
 * Not durable across a crash in that instant: the user asks again.
 */
export async function requestPasswordReset(input: { email: string }, meta: RequestMeta): Promise<{ message: string }> {
  await limit("forgotPerIp", meta.ip);
  await limit("forgotPerEmail", input.email);
  const user = await findUserByEmail(input.email);
  if (user && user.isActive) {
    const sending = sendPasswordResetLink(user).catch((error: unknown) => {
      // Not told to the caller: the answer must not reveal whether the address has an account.
      log.error({ err: error, userId: user.id }, "[auth] invio del link di reset fallito");
    });
    pendingResetMails.add(sending);
    void sending.finally(() => pendingResetMails.delete(sending));
  }
  return { message: MSG.forgotPasswordSent };
}

const pendingResetMails = new Set<Promise<void>>();

/** Resolves when every reset link asked for so far has been mailed (or failed): tests, shutdown. */
export async function settlePasswordResetMails(): Promise<void> {
  await Promise.all([...pendingResetMails]);
}

async function sendPasswordResetLink(user: Pick<UserRow, "id" | "email" | "name">): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: resetHash(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_HOURS * 3600_000) });
  const link = `${getConfig().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail({ to: user.email, ...passwordResetEmail({ name: user.name, link, expiresInHours: RESET_TOKEN_TTL_HOURS }), logHint: link });
}

/** Tells a reset link's state without using it (the reset page shows the expired screen at once). */
export async function resetTokenState(token: string): Promise<"valid" | "expired" | "invalid"> {
  const [row] = await getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, resetHash(token)));
  if (!row || row.usedAt) return "invalid";
  return row.expiresAt.getTime() <= Date.now() ? "expired" : "valid";
}

/**
 * Uses a reset link once: sets the password, ends every session of the user and spends the
 * user's other links. An expired link answers MSG.resetLinkExpired (it contains 'scaduto').
 */
export async function resetPassword(input: { token: string; password: string }, meta: RequestMeta): Promise<{ message: string }> {
  await limit("resetPerIp", meta.ip);
  const passwordHash = await hashPassword(input.password);
  const db = getDb();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, resetHash(input.token)))
      .for("update");
    if (!row || row.usedAt) return "invalid" as const;
    if (row.expiresAt.getTime() <= Date.now()) return "expired" as const;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    // Opening the link proves the address is theirs.
    await tx.update(users).set({ passwordHash, isEmailVerified: true }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return { email: owner?.email ?? "" };
  });
  if (outcome === "expired") throw badRequest(MSG.resetLinkExpired);
  if (outcome === "invalid") throw badRequest(MSG.resetLinkInvalid);
  // The owner proved the address: whatever a guesser caused, signing in works again at once.
  if (outcome.email) await clearLoginFailures(outcome.email);
  return { message: MSG.passwordResetDone };
}

// ---------------------------------------------------------------- Google

/**
 * Signs in with a Google profile: the account already linked to it, else the user whose e-mail
 * matches Google's verified e-mail (linking it), else a new verified USER.
 */
export async function loginWithGoogleProfile(profile: GoogleProfile, meta: RequestMeta): Promise<AuthSuccess> {
  await limit("oauthPerIp", meta.ip);
  if (!profile.email) throw badRequest(MSG.userEmailUnavailable);
  const db = getDb();
  let [user] = await db.select().from(users).where(eq(users.googleId, profile.sub));
  if (!user) {
    if (!profile.emailVerified) throw badRequest(MSG.googleEmailNotVerified);
    const existing = await findUserByEmail(profile.email);
    if (existing) {
      [user] = await db
        .update(users)
        .set({ googleId: profile.sub, isEmailVerified: true, avatar: existing.avatar ?? profile.picture })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      try {
        [user] = await db
          .insert(users)
          .values({
            email: profile.email,
            name: profile.name.slice(0, 200),
            avatar: profile.picture,
            googleId: profile.sub,
            passwordHash: null,
            roleId: await roleId("USER"),
            isEmailVerified: true,
            isActive: true,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MSG.emailTaken);
        throw error;
      }
    }
  }
  if (!user.isActive) throw forbidden(MSG.accountInactive);
  const session = await createSession(user.id, meta);
  return { ...session, user: await sessionUser(user.id), message: MSG.googleSuccess };
}

