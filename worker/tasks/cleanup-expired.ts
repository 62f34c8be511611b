import { lt, or, isNotNull } from "drizzle-orm";
import type { Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { emailVerificationCodes, passwordResetTokens, rateLimits, sessions } from "~/db/schema";

/** Periodic clean-up (crontab, every 15 minutes): expired sessions, codes, reset links and rate-limit windows. */
const cleanupExpired: Task = async (_payload, helpers) => {
  const db = getDb();
  const now = new Date();
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  const removedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  await db.delete(emailVerificationCodes).where(or(lt(emailVerificationCodes.expiresAt, dayAgo), isNotNull(emailVerificationCodes.consumedAt)));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  helpers.logger.debug(`cleanup: ${removedSessions.length} sessioni scadute rimosse`);
};

export default cleanupExpired;
