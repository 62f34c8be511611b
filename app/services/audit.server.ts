import type { Executor } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/**
 * The admin area's audit trail (issue 32): one row per write, inserted with the caller's
 * transaction so an entry exists exactly when its change does. Ids, flags and numbers only:
 * never names, e-mails or text, so the trail holds no personal content to erase later.
 */

export type AuditTarget = "user" | "plan" | "subscription" | "transcription";

export type AuditDetails = Record<string, string | number | boolean | null | undefined | Record<string, string | number | boolean | null>>;

export async function recordAudit(
  tx: Executor,
  entry: { actorId: string | null; action: string; targetType: AuditTarget; targetId: string | null; details?: AuditDetails },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
  });
}

/** A write's audit entry as a step its service runs inside its own transaction. */
export type AuditStep = (tx: Executor) => Promise<void>;

export const auditStep =
  (actorId: string, action: string, targetType: AuditTarget, targetId: string | null, details?: AuditDetails): AuditStep =>
  (tx) =>
    recordAudit(tx, { actorId, action, targetType, targetId, details });
