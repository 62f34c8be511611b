import { sql } from "drizzle-orm";
import type { AudioSource } from "../lib/audio-source";
import type { MeetingDetails } from "../lib/meeting";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Every entity of spec section 3. Ids are UUIDs so they cannot be guessed or enumerated. */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// ---------------------------------------------------------------- accounts

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    avatar: text("avatar"),
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** Names and terms the speech engines should spell right (issue 16), at most 200. */
    vocabulary: jsonb("vocabulary").$type<string[]>().notNull().default([]),
    /** «Elimina l'audio quando il verbale è pronto» (issue 32). */
    deleteAudioWhenReady: boolean("delete_audio_when_ready").notNull().default(false),
    lastLoginAt: ts("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_id_unique").on(t.googleId),
    index("users_created_at_idx").on(t.createdAt),
    index("users_role_idx").on(t.roleId, t.createdAt),
    index("users_verified_idx").on(t.isEmailVerified, t.createdAt),
    index("users_name_idx").on(t.name),
  ],
);

/** A row per signed-in browser or API client; the primary key is the SHA-256 of the token. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const emailVerificationCodes = pgTable(
  "email_verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_codes_user_idx").on(t.userId, t.createdAt), index("email_codes_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("reset_tokens_user_idx").on(t.userId), index("reset_tokens_expires_idx").on(t.expiresAt)],
);

/** Fixed-window counters shared by every process (login, codes, resets, e-mail sending). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: ts("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

// ---------------------------------------------------------------- plans and subscriptions

export const planTypeEnum = pgEnum("plan_type", ["FREE", "PAYMENT"]);
export const currencyEnum = pgEnum("currency", ["EUR", "USD", "GBP"]);
export const intervalEnum = pgEnum("plan_interval", ["month", "year"]);
export const subscriptionStatusEnum = pgEnum("subscription_status", ["ACTIVE", "CANCELLED", "SUSPENDED", "EXPIRED", "PENDING"]);
export const orderStatusEnum = pgEnum("order_status", ["PAID", "PENDING", "FAILED", "CANCELLED", "REFUNDED"]);

export type PlanFeature = string | { name: string; value: string };

export const subscriptionTypes = pgTable(
  "subscription_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    type: planTypeEnum("type").notNull().default("PAYMENT"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    currency: currencyEnum("currency").notNull().default("EUR"),
    interval: intervalEnum("interval").notNull().default("month"),
    maxFileSizeMB: integer("max_file_size_mb").notNull().default(100),
    maxRecordingsPerMonth: integer("max_recordings_per_month").notNull().default(0),
    maxMBStorage: integer("max_mb_storage").notNull().default(0),
    /** Audio length limits, counted from the decoded audio (decision 006). */
    maxMinutesPerFile: integer("max_minutes_per_file").notNull().default(120),
    maxMinutesPerMonth: integer("max_minutes_per_month").notNull().default(600),
    /** «Conserva l'audio per (giorni)» (issue 32); null keeps it as long as the transcription. */
    audioRetentionDays: integer("audio_retention_days"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    isPreferred: boolean("is_preferred").notNull().default(false),
    autoRenew: boolean("auto_renew").notNull().default(false),
    features: jsonb("features").$type<PlanFeature[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plans_sort_idx").on(t.sortOrder), index("plans_active_idx").on(t.isActive, t.sortOrder), index("plans_created_idx").on(t.createdAt)],
);

export type PaymentMethod = { type: string; last4?: string; expiryMonth?: number; expiryYear?: number };

export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionTypeId: uuid("subscription_type_id")
      .notNull()
      .references(() => subscriptionTypes.id, { onDelete: "restrict" }),
    status: subscriptionStatusEnum("status").notNull().default("ACTIVE"),
    isActive: boolean("is_active").notNull().default(true),
    isPaid: boolean("is_paid"),
    startDate: ts("start_date").notNull(),
    endDate: ts("end_date").notNull(),
    currentPeriodStart: ts("current_period_start").notNull(),
    currentPeriodEnd: ts("current_period_end").notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    paymentMethod: jsonb("payment_method").$type<PaymentMethod>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subs_user_idx").on(t.userId, t.createdAt),
    index("subs_status_idx").on(t.status, t.createdAt),
    index("subs_type_idx").on(t.subscriptionTypeId),
    index("subs_end_idx").on(t.endDate),
    index("subs_created_idx").on(t.createdAt),
  ],
);

/**
 * Monthly usage, one row per user and calendar month (first day of the month, UTC).
 * Keyed on the user rather than the subscription so that re-taking a free plan does not reset it.
 * Rows are locked (SELECT ... FOR UPDATE) while an upload reserves a slot.
 */
export const usageMonths = pgTable(
  "usage_months",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    recordingsUsed: integer("recordings_used").notNull().default(0),
    megabytesUsed: integer("megabytes_used").notNull().default(0),
    minutesUsed: integer("minutes_used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null once the user erased their account (issue 32): the payment stays for the accounts. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => userSubscriptions.id, { onDelete: "set null" }),
    status: orderStatusEnum("status").notNull().default("PENDING"),
    amount: numeric("amount", { precision: 10, scale: 2, mode: "number" }).notNull(),
    currency: currencyEnum("currency").notNull().default("EUR"),
    paymentDate: ts("payment_date"),
    paymentMethod: text("payment_method"),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_user_payment_idx").on(t.userId, t.paymentDate),
    index("orders_user_amount_idx").on(t.userId, t.amount),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_subscription_idx").on(t.subscriptionId),
  ],
);

// ---------------------------------------------------------------- transcriptions

/**
 * RECORDING: a recording still arriving chunk by chunk from the browser (decision 009); it becomes
 * PENDING when finalized (by the user, or by the server after 6 hours without chunks).
 */
export const jobStatusEnum = pgEnum("job_status", ["RECORDING", "PENDING", "PROCESSING", "COMPLETED", "FAILED"]);

export const transcriptions = pgTable(
  "transcriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: jobStatusEnum("status").notNull().default("PENDING"),
    /** Storage key of the audio, e.g. "audio/<id>.webm". */
    fileName: text("file_name").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type"),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    duration: real("duration"),
    language: text("language"),
    title: text("title"),
    text: text("text"),
    /** Pipeline stage shown to the user (e.g. "decoding", "transcribing", "analyzing") and its percentage. */
    stage: text("stage"),
    progress: integer("progress").notNull().default(0),
    /** Plain Italian message for the user when FAILED; the technical reason is failureReason. */
    errorMessage: text("error_message"),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    speechEngine: text("speech_engine"),
    speechModel: text("speech_model"),
    /** Chunk checkpoints so a restarted job resumes instead of starting over. */
    checkpoint: jsonb("checkpoint").$type<Record<string, unknown>>(),
    /** While RECORDING: chunks stored so far (the next expected index) and when the last one arrived. */
    chunksReceived: integer("chunks_received").notNull().default(0),
    /** The live transcript while recording (issue 17): windows heard so far, reused by the final pass. */
    live: jsonb("live").$type<Record<string, unknown>>(),
    lastChunkAt: ts("last_chunk_at"),
    /** The usage month this recording was counted in and how many MB, to give them back on delete. */
    usageMonth: date("usage_month", { mode: "string" }).notNull(),
    usageMegabytes: integer("usage_megabytes").notNull(),
    usageMinutes: integer("usage_minutes").notNull().default(0),
    /** Microphone, call or both (issue 30); null for uploads. With both the audio is stereo: mic left, call right. */
    audioSource: text("audio_source").$type<AudioSource>(),
    /** Meeting details and agenda (issue 31). */
    meeting: jsonb("meeting").$type<MeetingDetails>(),
    /** When the audio was deleted by retention or the user's setting (issue 32); transcript and minutes stay. */
    audioDeletedAt: ts("audio_deleted_at"),
    // Title, the original file name (its dots, dashes and underscores as spaces, so
    // "riunione_marzo.webm" is found by "marzo") and the text: what the admin table shows is searchable.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('italian'::regconfig, coalesce(title, '') || ' ' || regexp_replace(original_name, '[._-]+', ' ', 'g') || ' ' || coalesce(text, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts("completed_at"),
    /** Last correction by a user (issue 16); the details are in transcription_edits. */
    editedAt: ts("edited_at"),
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("transcriptions_user_created_idx").on(t.userId, t.createdAt),
    index("transcriptions_status_created_idx").on(t.status, t.createdAt),
    index("transcriptions_created_idx").on(t.createdAt),
    // The sweeper that finalizes recordings abandoned for 6 hours reads only RECORDING rows.
    index("transcriptions_recording_idx")
      .on(t.lastChunkAt)
      .where(sql`status = 'RECORDING'`),
    index("transcriptions_search_idx").using("gin", t.searchVector),
    // Sortable columns of the admin transcriptions list (fast pages at 100,000 rows).
    index("transcriptions_title_idx").on(t.title),
    index("transcriptions_file_size_idx").on(t.fileSize),
    index("transcriptions_duration_idx").on(t.duration),
    // Lets the admin overview sum sizes and durations per user from the index alone (no heap scan).
    index("transcriptions_user_usage_idx").on(t.userId, t.fileSize, t.duration),
  ],
);

export const transcriptionSegments = pgTable(
  "transcription_segments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transcriptionId: uuid("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    start: real("start").notNull(),
    end: real("end").notNull(),
    text: text("text").notNull(),
    /** "Relatore 1" from a diarizing engine, or the name a user gave; null when unknown. */
    speaker: text("speaker"),
    /** The engine's text and speaker, kept when a user first changes them ("Ripristina originale"). */
    original: jsonb("original").$type<SegmentOriginal>(),
  },
  (t) => [uniqueIndex("segments_transcription_position_idx").on(t.transcriptionId, t.position)],
);

export type KeyPoint = string | { point: string; excerpt?: string; segmentSummary?: string; estimatedTimestamp?: string };
/** agendaItem: the 1-based agenda item (issue 31); null or absent outside the agenda. */
export type Topic = { name: string; keyPoints: KeyPoint[]; estimatedTimestamps?: string[]; agendaItem?: number | null };
export type Votes = { favorevoli: number | null; contrari: number | null; astenuti: number | null; unanimous: boolean };
export type Decision = { text: string; timestamp: string | null; agendaItem?: number | null; votes?: Votes | null };
export type SegmentOriginal = { text: string; speaker: string | null };
export type ActionItem = { task: string; owner: string | null; due: string | null; timestamp: string | null; agendaItem?: number | null };
export type AnalysisOriginal = { title: string; summary: string; topics: Topic[]; decisions: Decision[]; actionItems: ActionItem[] };

export const analyses = pgTable("analyses", {
  id: uuid("id").primaryKey().defaultRandom(),
  transcriptionId: uuid("transcription_id")
    .notNull()
    .unique()
    .references(() => transcriptions.id, { onDelete: "cascade" }),
  status: jobStatusEnum("status").notNull().default("PENDING"),
  title: text("title"),
  summary: text("summary"),
  topics: jsonb("topics").$type<Topic[]>().notNull().default([]),
  decisions: jsonb("decisions").$type<Decision[]>().notNull().default([]),
  actionItems: jsonb("action_items").$type<ActionItem[]>().notNull().default([]),
  /** The engine's minutes, kept when a user first edits them ("Ripristina originale"). */
  original: jsonb("original").$type<AnalysisOriginal>(),
  engine: text("engine"),
  model: text("model"),
  /**
   * Issue 35: why the extractive analyzer wrote these minutes instead of the local LLM
   * ("downloading", "unavailable", "slow"); null when the configured engine wrote them.
   */
  standIn: text("stand_in"),
  /** Issue 35: the LLM's version, kept aside when the user had corrected the minutes meanwhile. */
  llmVersion: jsonb("llm_version").$type<AnalysisOriginal & { engine: string; model: string }>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Issue 35: the local LLM's map step of one part of a transcript (written while the meeting runs,
 * reused at «Invia»). A part is known by its place and a hash of its words, so an edited part is redone.
 */
export const minutesParts = pgTable(
  "minutes_parts",
  {
    transcriptionId: uuid("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    wordsHash: text("words_hash").notNull(),
    model: text("model").notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.transcriptionId, t.position] })],
);

/**
 * Issue 32: every admin write, append-only (a trigger refuses UPDATE and DELETE). Ids and flags
 * only, never personal content.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_actor_idx").on(t.actorId, t.createdAt)],
);

/** Every correction a user made to a transcription or its minutes: who, what, when, before and after. */
export const transcriptionEdits = pgTable(
  "transcription_edits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transcriptionId: uuid("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "title", "analysis", "segment:<position>", "speaker", "restore". */
    field: text("field").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("transcription_edits_transcription_idx").on(t.transcriptionId, t.createdAt)],
);

export const documents = pgTable("documents", {
  id: uuid("id").primaryKey().defaultRandom(),
  transcriptionId: uuid("transcription_id")
    .notNull()
    .unique()
    .references(() => transcriptions.id, { onDelete: "cascade" }),
  /** Storage key of the .docx. */
  fileName: text("file_name").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  /** The analysis updatedAt the document was generated from; a newer analysis means regenerate. */
  analysisVersion: ts("analysis_version"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SENDING: handed to the SMTP server and not yet acknowledged (see email-delivery.server.ts). */
export const emailStatusEnum = pgEnum("email_status", ["PENDING", "SENDING", "SENT", "FAILED"]);

/** One row per "send by e-mail" request: the worker sends it at most once. */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transcriptionId: uuid("transcription_id")
      .notNull()
      .references(() => transcriptions.id, { onDelete: "cascade" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: emailStatusEnum("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    messageId: text("message_id"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
    /** When the current SMTP attempt began (status SENDING). */
    sendingSince: ts("sending_since"),
  },
  (t) => [index("email_deliveries_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Liveness of running pipeline jobs (worker/tasks/unlock-stale-jobs.ts): graphile-worker keeps a
 * dead process's lock for 4 hours and its tables are private, so our tasks beat here instead and
 * the sweep frees the workers that stopped beating through graphile_worker.force_unlock_workers.
 */
export const jobHeartbeats = pgTable("job_heartbeats", {
  /** graphile_worker.jobs.id */
  jobId: bigint("job_id", { mode: "bigint" }).primaryKey(),
  /** graphile_worker.jobs.locked_by of the attempt that beats. */
  workerId: text("worker_id").notNull(),
  /** Kept here because graphile_worker.jobs (the public view) has no payload. */
  transcriptionId: uuid("transcription_id"),
  beatAt: timestamp("beat_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
