import { z, type ZodError } from "zod";
import { MSG } from "~/lib/messages";
import { italianDayStart, nextDay } from "~/lib/dates";
import { MAX_PAGE, readInt } from "~/lib/pagination";

/**
 * Admin validation shared by the /api routes, the page actions and the modals (spec section 5,
 * 'Admin user form' and 'Plan form'), plus the list query parameters of spec section 7.
 */

// ---------------------------------------------------------------- helpers

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const booleanish = (fallback?: boolean) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return fallback;
      if (typeof v === "boolean") return v;
      if (v === "true" || v === "on" || v === "1") return true;
      if (v === "false" || v === "off" || v === "0") return false;
      return v;
    },
    fallback === undefined ? z.boolean().optional() : z.boolean(),
  );

/** First message per field, for rendering under each input. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Checkbox fields of a submitted form: absent means false (that is how HTML forms send them). */
function readCheckbox(form: FormData, name: string): boolean {
  const v = form.get(name);
  return v === "on" || v === "true" || v === "1";
}

// ---------------------------------------------------------------- admin user form

export type AdminUserMode = "create" | "edit";

export function adminUserSchema(options: { mode: AdminUserMode; roleIds: number[] }) {
  return z.object({
    email: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : (v ?? "")),
      z
        .string({ invalid_type_error: MSG.adminEmailRequired })
        .min(1, MSG.adminEmailRequired)
        .pipe(z.string().email(MSG.adminEmailInvalid).max(254, MSG.adminEmailInvalid)),
    ),
    name: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : (v ?? "")),
      z.string({ invalid_type_error: MSG.adminNameRequired }).min(1, MSG.adminNameRequired).max(120, MSG.tooLong(120)),
    ),
    // Blank on edit means "keep the old password"; never trimmed, spaces are characters.
    password: z
      .preprocess((v) => (v === null || v === undefined || v === "" ? undefined : v), z.string().optional())
      .superRefine((v, ctx) => {
        if (v === undefined) {
          if (options.mode === "create") ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.adminPasswordRequired });
          return;
        }
        if (v.length < 6) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.adminPasswordMin6 });
        else if (v.length > 200) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.adminPasswordMax });
      }),
    roleId: z.preprocess(
      (v) => {
        const b = blankToUndefined(v);
        if (typeof b === "string") return Number(b);
        return b;
      },
      z
        .number({ required_error: MSG.adminRoleRequired, invalid_type_error: MSG.adminRoleInvalid })
        .refine((id) => options.roleIds.includes(id), MSG.adminRoleInvalid),
    ),
    isActive: booleanish(true),
    isEmailVerified: booleanish(false),
  });
}

export function adminUserFormValues(form: FormData): Record<string, unknown> {
  return {
    email: form.get("email") ?? "",
    name: form.get("name") ?? "",
    password: form.get("password") ?? "",
    roleId: form.get("roleId") ?? "",
    isActive: readCheckbox(form, "isActive"),
    isEmailVerified: readCheckbox(form, "isEmailVerified"),
  };
}

// ---------------------------------------------------------------- plan form

export const PLAN_TYPES = ["FREE", "PAYMENT"] as const;
export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export const INTERVALS = ["month", "year"] as const;

/** Spec: "non-numeric number inputs become 0"; a missing value stays missing so "required" can fire. */
const toNumberOrZero = (v: unknown) => {
  const b = blankToUndefined(v);
  if (b === undefined) return undefined;
  const n = typeof b === "number" ? b : Number(String(b).replace(",", "."));
  return Number.isFinite(n) ? n : 0;
};
const toInt = (v: unknown) => {
  const n = toNumberOrZero(v);
  return n === undefined ? undefined : Math.trunc(n);
};

const requiredInt = (required: string, min: number, minMessage: string) =>
  z.preprocess(toInt, z.number({ required_error: required }).int().min(min, minMessage).max(1_000_000_000, MSG.numberTooLarge));
const optionalInt = (min: number, minMessage: string) =>
  z.preprocess((v) => toInt(v) ?? 0, z.number().int().min(min, minMessage).max(1_000_000_000, MSG.numberTooLarge));

const keptInt = (min: number, minMessage: string) =>
  z.preprocess(toInt, z.number().int().min(min, minMessage).max(1_000_000_000, MSG.numberTooLarge).optional());

const featureSchema = z.union([
  z.string().trim().min(1, MSG.planFeatureRequired).max(200, MSG.tooLong(200)),
  z.object({
    name: z.string().trim().min(1, MSG.planFeatureRequired).max(200, MSG.tooLong(200)),
    value: z.preprocess((v) => (v === undefined || v === null ? "" : String(v)), z.string().trim().max(200, MSG.tooLong(200))),
  }),
]);

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { errorMap: () => ({ message }) }));

export const planSchema = z
  .object({
    code: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : (v ?? "")),
      z
        .string()
        .min(1, MSG.planCodeRequired)
        .max(60, MSG.tooLong(60))
        .regex(/^[A-Z0-9_-]+$/, MSG.planCodeInvalid),
    ),
    name: z.preprocess((v) => (typeof v === "string" ? v.trim() : (v ?? "")), z.string().min(1, MSG.planNameRequired).max(120, MSG.tooLong(120))),
    description: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(1000, MSG.tooLong(1000))),
    type: requiredEnum(PLAN_TYPES, MSG.planTypeRequired),
    price: z.preprocess(toNumberOrZero, z.number().optional()),
    currency: requiredEnum(CURRENCIES, MSG.planCurrencyRequired),
    interval: requiredEnum(INTERVALS, MSG.planIntervalRequired),
    maxFileSizeMB: requiredInt(MSG.planMaxFileSizeRequired, 1, MSG.planMaxFileSizeMin),
    maxRecordingsPerMonth: requiredInt(MSG.planMaxRecordingsRequired, 0, MSG.planMaxRecordingsMin),
    maxMBStorage: optionalInt(0, MSG.planMaxStorageMin),
    // Not in the spec (decision 006): left out, a new plan takes the column defaults and an update keeps the value.
    maxMinutesPerFile: keptInt(1, MSG.planMaxMinutesPerFileMin),
    maxMinutesPerMonth: keptInt(0, MSG.planMaxMinutesPerMonthMin),
    // Issue 32: days the audio is kept; empty or null = without limit, left out = unchanged.
    audioRetentionDays: z.preprocess(
      (v) => (v === undefined ? undefined : v === null || (typeof v === "string" && v.trim() === "") ? null : toInt(v)),
      z.number().int().min(1, "I giorni di conservazione dell'audio devono essere almeno 1.").max(36_500, MSG.numberTooLarge).nullable().optional(),
    ),
    sortOrder: optionalInt(0, MSG.planSortOrderMin),
    isActive: booleanish(true),
    isPreferred: booleanish(false),
    autoRenew: booleanish(false),
    features: z.preprocess((v) => v ?? [], z.array(featureSchema).max(50, MSG.planTooManyFeatures)),
  })
  .superRefine((plan, ctx) => {
    if (plan.type !== "PAYMENT") return;
    if (plan.price === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: MSG.planPriceRequired });
    else if (plan.price < 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: MSG.planPriceMin });
    else if (Math.abs(Math.round(plan.price * 100) - plan.price * 100) > 1e-6)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: MSG.planPriceStep });
    else if (plan.price > 99_999_999) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: MSG.planPriceMax });
  })
  // FREE forces price 0 whatever was sent (the form disables the field).
  .transform((plan) => ({ ...plan, price: plan.type === "FREE" ? 0 : (plan.price ?? 0) }));

export type PlanInput = z.infer<typeof planSchema>;

export function planFormValues(form: FormData): Record<string, unknown> {
  const get = (name: string) => form.get(name) ?? undefined;
  return {
    code: get("code"),
    name: get("name"),
    description: get("description") ?? "",
    type: get("type"),
    price: get("price"),
    currency: get("currency"),
    interval: get("interval"),
    maxFileSizeMB: get("maxFileSizeMB"),
    maxRecordingsPerMonth: get("maxRecordingsPerMonth"),
    maxMBStorage: get("maxMBStorage"),
    maxMinutesPerFile: get("maxMinutesPerFile"),
    maxMinutesPerMonth: get("maxMinutesPerMonth"),
    audioRetentionDays: get("audioRetentionDays"),
    sortOrder: get("sortOrder"),
    isActive: readCheckbox(form, "isActive"),
    isPreferred: readCheckbox(form, "isPreferred"),
    autoRenew: readCheckbox(form, "autoRenew"),
    features: form.getAll("features").map((f) => String(f)),
  };
}

// ---------------------------------------------------------------- list queries

export type SortOrder = "asc" | "desc";

export type ListQuery<S extends string> = {
  page: number;
  limit: number;
  sortBy: S;
  sortOrder: SortOrder;
  /** Whether sortBy/sortOrder came from the request (the table shows "none" otherwise). */
  sorted: boolean;
  search: string;
};

export const DEFAULT_PAGE_SIZE = 10;

function readEnum<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

const DAY_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date parameter: a YYYY-MM-DD day (its Italian start) or an ISO instant, within years
 * 1000–9999 (Postgres refuses year 0, JavaScript accepts it); anything else is undefined.
 */
export function readDate(value: string | null): Date | undefined {
  if (!value) return undefined;
  const d = DAY_PARAM.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1000 || d.getUTCFullYear() > 9999) return undefined;
  if (!DAY_PARAM.test(value)) return d;
  // 2025-02-30 parses as 2 March: refuse it rather than filter on another day.
  return d.toISOString().slice(0, 10) === value ? italianDayStart(value) : undefined;
}

function baseQuery<S extends string>(params: URLSearchParams, sorts: readonly S[], defaultSort: S, defaultOrder: SortOrder): ListQuery<S> {
  const sortBy = readEnum(params.get("sortBy"), sorts);
  const order = readEnum(params.get("sortOrder"), ["asc", "desc"] as const);
  return {
    page: readInt(params.get("page"), 1, 1, MAX_PAGE),
    limit: readInt(params.get("limit"), DEFAULT_PAGE_SIZE, 1, 100),
    sortBy: sortBy ?? defaultSort,
    // Spec 7: sortOrder defaults to desc (the list's own default order without sortBy).
    sortOrder: order ?? defaultOrder,
    sorted: sortBy !== undefined,
    search: (params.get("search") ?? "").trim().slice(0, 200),
  };
}

export const USER_SORTS = ["createdAt", "name", "email", "lastLoginAt", "isActive", "role"] as const;
export type UsersQuery = ListQuery<(typeof USER_SORTS)[number]> & {
  role?: string;
  status?: "verified" | "unverified";
  active?: "active" | "inactive";
};
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  return {
    ...baseQuery(params, USER_SORTS, "createdAt", "desc"),
    role: (params.get("role") ?? "").trim().toUpperCase() || undefined,
    status: readEnum(params.get("status"), ["verified", "unverified"] as const),
    active: readEnum(params.get("active"), ["active", "inactive"] as const),
  };
}

export const TRANSCRIPTION_SORTS = ["createdAt", "title", "status", "fileSize", "duration"] as const;
export const JOB_STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] as const;
export type TranscriptionsQuery = ListQuery<(typeof TRANSCRIPTION_SORTS)[number]> & {
  status?: (typeof JOB_STATUSES)[number];
  user?: string;
  dateFrom?: Date;
  dateTo?: Date;
};
export function parseTranscriptionsQuery(params: URLSearchParams): TranscriptionsQuery {
  return {
    ...baseQuery(params, TRANSCRIPTION_SORTS, "createdAt", "desc"),
    status: readEnum(params.get("status")?.toUpperCase() ?? null, JOB_STATUSES),
    user: (params.get("user") ?? "").trim().slice(0, 200) || undefined,
    ...dateRange(params),
  };
}

/**
 * dateFrom/dateTo, or a single "date" meaning that whole day, in Italian days. dateTo is
 * inclusive of its day (the bound returned is the next day's start, exclusive).
 */
function dateRange(params: URLSearchParams): { dateFrom?: Date; dateTo?: Date } {
  const single = readDate(params.get("date"));
  const from = readDate(params.get("dateFrom")) ?? single;
  const toParam = readDate(params.get("dateTo")) ? params.get("dateTo") : single ? params.get("date") : null;
  const toDay = toParam ? readDate(toParam) : undefined;
  const to = toDay && toParam && DAY_PARAM.test(toParam) ? italianDayStart(nextDay(toParam)) : toDay;
  return { dateFrom: from, dateTo: to };
}

export const SUBSCRIPTION_SORTS = ["createdAt", "startDate", "endDate", "status", "user", "plan"] as const;
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "CANCELLED", "SUSPENDED", "EXPIRED", "PENDING"] as const;
/** Spec 9: the admin type filter offers basic, pro and business. */
export const SUBSCRIPTION_TYPE_FILTERS = ["basic", "pro", "business"] as const;
export type SubscriptionsQuery = ListQuery<(typeof SUBSCRIPTION_SORTS)[number]> & {
  status?: (typeof SUBSCRIPTION_STATUSES)[number];
  type?: (typeof SUBSCRIPTION_TYPE_FILTERS)[number];
  dateFrom?: Date;
  dateTo?: Date;
};
export function parseSubscriptionsQuery(params: URLSearchParams): SubscriptionsQuery {
  return {
    ...baseQuery(params, SUBSCRIPTION_SORTS, "createdAt", "desc"),
    status: readEnum(params.get("status")?.toUpperCase() ?? null, SUBSCRIPTION_STATUSES),
    type: readEnum(params.get("type")?.toLowerCase() ?? null, SUBSCRIPTION_TYPE_FILTERS),
    ...dateRange(params),
  };
}

export const PLAN_SORTS = ["name", "price", "sortOrder", "isActive", "subscriptionCount", "createdAt"] as const;
export type PlansQuery = ListQuery<(typeof PLAN_SORTS)[number]> & { status?: "active" | "inactive"; interval?: "month" | "year" };
export function parsePlansQuery(params: URLSearchParams): PlansQuery {
  return {
    ...baseQuery(params, PLAN_SORTS, "sortOrder", "asc"),
    status: readEnum(params.get("status"), ["active", "inactive"] as const),
    interval: readEnum(params.get("interval"), INTERVALS),
  };
}
