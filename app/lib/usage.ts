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
  // Not in the spec (issue 21, decision 006): audio length, counted from the decoded audio.
  maxMinutesPerFile: number;
  maxMinutesPerMonth: number;
  currentMinutesUsed: number;
  remainingMinutes: number;
};

export type LimitsResponse = { requiresSubscription: boolean; limits: UsageLimits | null };

/** Each recording counts ceil(bytes / 1 MiB) megabytes. */
export function megabytesFor(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes <= 0) return 0;
  return Math.ceil(bytes / BYTES_PER_MB);
}

/** Each recording counts ceil(seconds / 60) minutes of audio, like megabytes (decision 006). */
export function minutesFor(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil(seconds / 60);
}

/** First day of the calendar month (UTC) as 'YYYY-MM-DD': the key of the usage_months table. */
export function usageMonthOf(date: Date = new Date()): string {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${y}-${m}-01`;
}

/** Used when a plan row predates the audio length limits (the columns' defaults). */
export const DEFAULT_MAX_MINUTES_PER_FILE = 120;
export const DEFAULT_MAX_MINUTES_PER_MONTH = 600;

export function computeLimits(
  plan: {
    maxRecordingsPerMonth: number;
    maxMBStorage: number;
    maxFileSizeMB: number | null;
    maxMinutesPerFile?: number | null;
    maxMinutesPerMonth?: number | null;
  } & PlanSummary,
  usage: { recordingsUsed: number; megabytesUsed: number; minutesUsed?: number },
): UsageLimits {
  return withDerived({
    maxRecordingsPerMonth: plan.maxRecordingsPerMonth,
    currentRecordingsUsed: usage.recordingsUsed,
    maxMBStorage: plan.maxMBStorage,
    currentMegabytesUsed: usage.megabytesUsed,
    maxFileSizeMB: plan.maxFileSizeMB ?? DEFAULT_MAX_FILE_SIZE_MB,
    subscriptionPlan: { name: plan.name, type: plan.type, price: plan.price, currency: plan.currency },
    maxMinutesPerFile: plan.maxMinutesPerFile ?? DEFAULT_MAX_MINUTES_PER_FILE,
    maxMinutesPerMonth: plan.maxMinutesPerMonth ?? DEFAULT_MAX_MINUTES_PER_MONTH,
    currentMinutesUsed: usage.minutesUsed ?? 0,
  });
}

type BaseLimits = Omit<UsageLimits, "remainingRecordings" | "remainingMegabytes" | "remainingMinutes" | "canCreateRecording" | "canUseMegabytes">;

/** Remaining values floored at 0; recording allowed only while every used value is below its maximum. */
function withDerived(base: BaseLimits): UsageLimits {
  const used = Math.max(0, base.currentRecordingsUsed);
  const mb = Math.max(0, base.currentMegabytesUsed);
  const minutes = Math.max(0, base.currentMinutesUsed);
  return {
    ...base,
    currentRecordingsUsed: used,
    currentMegabytesUsed: mb,
    currentMinutesUsed: minutes,
    remainingRecordings: Math.max(0, base.maxRecordingsPerMonth - used),
    remainingMegabytes: Math.max(0, base.maxMBStorage - mb),
    remainingMinutes: Math.max(0, base.maxMinutesPerMonth - minutes),
    canCreateRecording: used < base.maxRecordingsPerMonth && mb < base.maxMBStorage && minutes < base.maxMinutesPerMonth,
    canUseMegabytes: mb < base.maxMBStorage,
  };
}

/** Local update after an upload (spec section 4): +1 recording and +ceil(MB), plus its minutes when known. */
export function applyUpload(limits: UsageLimits, bytes: number, minutes = 0): UsageLimits {
  return withDerived({
    ...limits,
    currentRecordingsUsed: limits.currentRecordingsUsed + 1,
    currentMegabytesUsed: limits.currentMegabytesUsed + megabytesFor(bytes),
    currentMinutesUsed: limits.currentMinutesUsed + Math.max(0, minutes),
  });
}

/** Optimistic decrease when transcriptions are deleted; apply applyUpload again to undo it. */
export function applyDelete(limits: UsageLimits, megabytes: number, minutes = 0, recordings = 1): UsageLimits {
  return withDerived({
    ...limits,
    currentRecordingsUsed: Math.max(0, limits.currentRecordingsUsed - recordings),
    currentMegabytesUsed: Math.max(0, limits.currentMegabytesUsed - Math.max(0, megabytes)),
    currentMinutesUsed: Math.max(0, limits.currentMinutesUsed - Math.max(0, minutes)),
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
