import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { passwordResetTokens, sessions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { badRequest } from "../api.server";
import { getConfig } from "../config.server";
import { log } from "../logger.server";
import { sendMail } from "../mail.server";
import { passwordResetEmail } from "../mail-templates.server";
import { hashPassword } from "../password.server";
import { findUserByEmail, limit, type RequestMeta, type UserRow } from "./common.server";
import { clearLoginFailures } from "./login.server";

/** Password reset: a single-use link by e-mail, valid for a few hours. */

export const RESET_TOKEN_TTL_HOURS = 5;

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
  const [row] = await getDb()
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, resetHash(token)));
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
