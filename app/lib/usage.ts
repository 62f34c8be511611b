/**
 * Usage arithmetic shared by the server (limits endpoint, upload reservation) and the client
 * (usage widget, optimistic updates after an upload or a delete). Pure functions only.
 */

export const BYTES_PER_MB = 1024 * 1024;
/** Shown when a plan has no max file size (spec section 9). */
export const DEFAULT_MAX_FILE_SIZE_MB = 100;
/** Above this percentage a usage bar turns yellow; at 100 it is red with 'Limite raggiunto'. */
export const USAGE_WARNING_PERCENT = 80;

export type PlanSummary = { name: string; type: "FREE" | "PAYMENT"; price: number; currency: string };

/** The "Usage limits (current user)" entity of spec section 3, field for field. */
export type UsageLimits = {
  maxRecordingsPerMonth: number;
  currentRecordingsUsed: number;
  remainingRecordings: number;
  maxMBStorage: number;
  currentMegabytesUsed: number;
  remainingMegabytes: number;
  maxFileSizeMB: number;
  canCreateRecording: boolean;
  canUseMegabytes: boolean;
  subscriptionPlan: PlanSummary;
};

export type LimitsResponse = { requiresSubscription: boolean; limits: UsageLimits | null };

/** Each recording counts ceil(bytes / 1 MiB) megabytes. */
export function megabytesFor(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes <= 0) return 0;
  return Math.ceil(bytes / BYTES_PER_MB);
}

/** First day of the calendar month (UTC) as 'YYYY-MM-DD': the key of the usage_months table. */
export function usageMonthOf(date: Date = new Date()): string {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${y}-${m}-01`;
}

export function computeLimits(
  plan: { maxRecordingsPerMonth: number; maxMBStorage: number; maxFileSizeMB: number | null } & PlanSummary,
  usage: { recordingsUsed: number; megabytesUsed: number },
): UsageLimits {
  return withDerived({
    maxRecordingsPerMonth: plan.maxRecordingsPerMonth,
    currentRecordingsUsed: usage.recordingsUsed,
    maxMBStorage: plan.maxMBStorage,
    currentMegabytesUsed: usage.megabytesUsed,
    maxFileSizeMB: plan.maxFileSizeMB ?? DEFAULT_MAX_FILE_SIZE_MB,
    subscriptionPlan: { name: plan.name, type: plan.type, price: plan.price, currency: plan.currency },
  });
}

type BaseLimits = Omit<UsageLimits, "remainingRecordings" | "remainingMegabytes" | "canCreateRecording" | "canUseMegabytes">;

/** Remaining values floored at 0; recording allowed only while both used values are below their maximum. */
function withDerived(base: BaseLimits): UsageLimits {
  const used = Math.max(0, base.currentRecordingsUsed);
  const mb = Math.max(0, base.currentMegabytesUsed);
  return {
    ...base,
    currentRecordingsUsed: used,
    currentMegabytesUsed: mb,
    remainingRecordings: Math.max(0, base.maxRecordingsPerMonth - used),
    remainingMegabytes: Math.max(0, base.maxMBStorage - mb),
    canCreateRecording: used < base.maxRecordingsPerMonth && mb < base.maxMBStorage,
    canUseMegabytes: mb < base.maxMBStorage,
  };
}

/** Local update after an upload (spec section 4): +1 recording and +ceil(MB). */
export function applyUpload(limits: UsageLimits, bytes: number): UsageLimits {
  return withDerived({
    ...limits,
    currentRecordingsUsed: limits.currentRecordingsUsed + 1,
    currentMegabytesUsed: limits.currentMegabytesUsed + megabytesFor(bytes),
  });
}

/** Optimistic decrease when a transcription is deleted; apply applyUpload again to undo it. */
export function applyDelete(limits: UsageLimits, megabytes: number): UsageLimits {
  return withDerived({
    ...limits,
    currentRecordingsUsed: Math.max(0, limits.currentRecordingsUsed - 1),
    currentMegabytesUsed: Math.max(0, limits.currentMegabytesUsed - Math.max(0, megabytes)),
  });
}

/** Percentage of a limit used: capped at 100, and 0 when the limit is 0. */
export function usagePercent(used: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(100, Math.max(0, (used / max) * 100));
}

export type UsageLevel = "normal" | "warning" | "full";

/** Yellow above 80 %, red with 'Limite raggiunto' at 100 %. */
export function usageLevel(percent: number): UsageLevel {
  if (percent >= 100) return "full";
  if (percent > USAGE_WARNING_PERCENT) return "warning";
  return "normal";
}
