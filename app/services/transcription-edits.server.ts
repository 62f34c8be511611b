import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { analyses, transcriptionEdits, transcriptions, transcriptionSegments, type AnalysisOriginal } from "~/db/schema";
import { actionItemSchema, decisionSchema, topicSchema } from "~/lib/analysis";
import { EDIT_TEXT } from "~/lib/messages";
import { actionItemsFromForm, decisionsFromText, topicsFromText } from "~/lib/minutes-forms";
import { badRequest, conflict, notFound, zodIssueMessage } from "./api.server";
import { isUuid } from "~/lib/uuid";
import type { Access } from "./transcriptions/access.server";
import { getTranscriptionDetail, type TranscriptionDetail } from "./transcriptions/detail.server";

/**
 * Corrections before sending (issue 16): the title, the summary, the topics, decisions and
 * actions, and the transcript segment by segment, with speakers. One transaction per request:
 * every refusal (400/404/409) leaves everything as it was. The engine's text is kept the first
 * time something is changed (segments.original, analyses.original) so "Ripristina originale"
 * can bring it back; every change is logged in transcription_edits with who and when. Any edit
 * moves analyses.updatedAt, which marks a document generated before it as stale (it is rebuilt
 * on download and e-mail, see document.server.ts).
 */

export const MAX_SEGMENT_CHARS = 20_000;
export const MAX_TITLE_CHARS = 200;
export const MAX_SUMMARY_CHARS = 20_000;
export const MAX_SPEAKER_CHARS = 60;

const str = (max: number, tooLong: string) => z.string({ invalid_type_error: EDIT_TEXT.invalid }).max(max, tooLong);

export const editSchema = z
  .object({
    title: str(MAX_TITLE_CHARS, EDIT_TEXT.titleTooLong).trim().min(1, EDIT_TEXT.titleEmpty).optional(),
    summary: str(MAX_SUMMARY_CHARS, EDIT_TEXT.summaryTooLong).trim().optional(),
    segments: z
      .array(
        z
          .object({
            position: z
              .number({ invalid_type_error: EDIT_TEXT.invalid, required_error: EDIT_TEXT.invalid })
              .int(EDIT_TEXT.invalid)
              .min(0, EDIT_TEXT.invalid),
            text: str(MAX_SEGMENT_CHARS, EDIT_TEXT.segmentTooLong(MAX_SEGMENT_CHARS)).trim().min(1, EDIT_TEXT.segmentEmpty).optional(),
            speaker: str(MAX_SPEAKER_CHARS, EDIT_TEXT.speakerTooLong).trim().nullable().optional(),
          })
          .strict(EDIT_TEXT.invalid),
        { invalid_type_error: EDIT_TEXT.invalid },
      )
      .max(20_000, EDIT_TEXT.invalid)
      .optional(),
    speakers: z
      .array(
        z
          .object({
            from: str(MAX_SPEAKER_CHARS, EDIT_TEXT.speakerTooLong).trim().min(1, EDIT_TEXT.speakerEmpty),
            to: str(MAX_SPEAKER_CHARS, EDIT_TEXT.speakerTooLong).trim().min(1, EDIT_TEXT.speakerEmpty),
          })
          .strict(EDIT_TEXT.invalid),
        { invalid_type_error: EDIT_TEXT.invalid },
      )
      .max(100, EDIT_TEXT.invalid)
      .optional(),
    topics: z.array(topicSchema, { invalid_type_error: EDIT_TEXT.invalid }).max(200, EDIT_TEXT.invalid).optional(),
    decisions: z.array(decisionSchema, { invalid_type_error: EDIT_TEXT.invalid }).max(500, EDIT_TEXT.invalid).optional(),
    actionItems: z.array(actionItemSchema, { invalid_type_error: EDIT_TEXT.invalid }).max(500, EDIT_TEXT.invalid).optional(),
    /** Puts back the engine's text everywhere it was changed. */
    restoreOriginal: z.literal(true, { invalid_type_error: EDIT_TEXT.invalid }).optional(),
  })
  .strict(EDIT_TEXT.invalid);

export type EditInput = z.infer<typeof editSchema>;

/** Validates an edit request body (any JSON value) into EditInput, or a 400 with the Italian reason. */
export function parseEdit(body: unknown): EditInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest(EDIT_TEXT.invalid);
  const result = editSchema.safeParse(body);
  if (!result.success) throw badRequest(zodIssueMessage(result.error, EDIT_TEXT.invalid));
  return result.data;
}

type Change = { field: string; before: unknown; after: unknown };

/** Applies one edit request for its owner (or an admin); answers the updated detail. */
export async function editTranscription(id: string | undefined, access: Access, actorId: string, input: EditInput): Promise<TranscriptionDetail> {
  if (!isUuid(id)) throw notFound();
  await getDb().transaction(async (tx) => {
    const filter = "userId" in access ? and(eq(transcriptions.id, id), eq(transcriptions.userId, access.userId)) : eq(transcriptions.id, id);
    const [row] = await tx.select().from(transcriptions).where(filter).for("update");
    if (!row) throw notFound();
    if (row.status !== "COMPLETED") throw conflict(EDIT_TEXT.busy);
    const segments = await tx
      .select()
      .from(transcriptionSegments)
      .where(eq(transcriptionSegments.transcriptionId, id))
      .orderBy(asc(transcriptionSegments.position));
    const [analysis] = await tx.select().from(analyses).where(eq(analyses.transcriptionId, id));
    const byPosition = new Map(segments.map((s) => [s.position, s]));
    for (const s of input.segments ?? []) {
      if (!byPosition.has(s.position)) throw badRequest(EDIT_TEXT.unknownSegment(s.position));
    }
    const changes: Change[] = [];

    // ---- restore first, so a request can restore and then change one thing
    if (input.restoreOriginal) {
      for (const s of segments) {
        if (!s.original) continue;
        changes.push({ field: `segment:${s.position}`, before: { text: s.text, speaker: s.speaker }, after: s.original });
        await tx
          .update(transcriptionSegments)
          .set({ text: s.original.text, speaker: s.original.speaker, original: null })
          .where(eq(transcriptionSegments.id, s.id));
        Object.assign(s, { text: s.original.text, speaker: s.original.speaker, original: null });
      }
      if (analysis?.original) {
        const o = analysis.original;
        changes.push({ field: "analysis", before: pickAnalysis(analysis), after: o });
        await tx
          .update(analyses)
          .set({ ...o, original: null })
          .where(eq(analyses.id, analysis.id));
        Object.assign(analysis, o, { original: null });
        await tx.update(transcriptions).set({ title: o.title }).where(eq(transcriptions.id, id));
      }
    }

    // ---- segments: text and speaker, the engine's version kept on first change
    for (const edit of input.segments ?? []) {
      const s = byPosition.get(edit.position)!;
      const text = edit.text ?? s.text;
      const speaker = edit.speaker === undefined ? s.speaker : edit.speaker || null;
      if (text === s.text && speaker === s.speaker) continue;
      changes.push({ field: `segment:${s.position}`, before: { text: s.text, speaker: s.speaker }, after: { text, speaker } });
      const original = s.original ?? { text: s.text, speaker: s.speaker };
      await tx.update(transcriptionSegments).set({ text, speaker, original }).where(eq(transcriptionSegments.id, s.id));
      Object.assign(s, { text, speaker, original });
    }

    // ---- speaker renames: every segment of this transcription, and action owners of that name
    for (const rename of input.speakers ?? []) {
      if (rename.from === rename.to) continue;
      const hit = segments.filter((s) => s.speaker === rename.from);
      if (hit.length === 0) throw badRequest(EDIT_TEXT.unknownSpeaker(rename.from));
      changes.push({ field: "speaker", before: rename.from, after: rename.to });
      for (const s of hit) {
        const original = s.original ?? { text: s.text, speaker: s.speaker };
        await tx.update(transcriptionSegments).set({ speaker: rename.to, original }).where(eq(transcriptionSegments.id, s.id));
        Object.assign(s, { speaker: rename.to, original });
      }
    }

    // ---- the minutes
    const minutes: Partial<AnalysisOriginal> = {};
    if (input.title !== undefined) minutes.title = input.title;
    if (input.summary !== undefined) minutes.summary = input.summary;
    if (input.topics !== undefined) minutes.topics = input.topics;
    if (input.decisions !== undefined) minutes.decisions = input.decisions;
    if (input.actionItems !== undefined) minutes.actionItems = input.actionItems;
    for (const rename of input.speakers ?? []) {
      const items = minutes.actionItems ?? analysis?.actionItems ?? [];
      if (items.some((a) => a.owner === rename.from))
        minutes.actionItems = items.map((a) => (a.owner === rename.from ? { ...a, owner: rename.to } : a));
    }
    if (Object.keys(minutes).length > 0) {
      if (!analysis) throw conflict(EDIT_TEXT.busy);
      const before = pickAnalysis(analysis);
      const after = { ...before, ...minutes };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        changes.push({ field: "analysis", before: diff(before, after, "before"), after: diff(before, after, "after") });
        await tx
          .update(analyses)
          .set({ ...minutes, original: analysis.original ?? before })
          .where(eq(analyses.id, analysis.id));
      }
      if (minutes.title !== undefined && minutes.title !== row.title) {
        await tx.update(transcriptions).set({ title: minutes.title }).where(eq(transcriptions.id, id));
      }
    }

    if (changes.length === 0) return;
    // The transcript text follows the segments (search, exports without segments).
    if (changes.some((c) => c.field.startsWith("segment:") || c.field === "speaker")) {
      await tx
        .update(transcriptions)
        .set({
          text: segments
            .map((s) => s.text.trim())
            .filter(Boolean)
            .join(" "),
        })
        .where(eq(transcriptions.id, id));
    }
    const now = new Date();
    await tx.update(transcriptions).set({ editedAt: now, editedBy: actorId }).where(eq(transcriptions.id, id));
    // Moves the analysis version: a document generated before this edit is now stale.
    if (analysis)
      await tx
        .update(analyses)
        .set({ updatedAt: sql`greatest(now(), ${analyses.updatedAt} + interval '1 millisecond')` })
        .where(eq(analyses.id, analysis.id));
    await tx
      .insert(transcriptionEdits)
      .values(changes.map((c) => ({ transcriptionId: id, userId: actorId, field: c.field, before: c.before, after: c.after, createdAt: now })));
  });
  return getTranscriptionDetail(id, access);
}

function pickAnalysis(a: typeof analyses.$inferSelect): AnalysisOriginal {
  return { title: a.title ?? "", summary: a.summary ?? "", topics: a.topics, decisions: a.decisions, actionItems: a.actionItems };
}

/** Only the fields that changed, for the edit log. */
function diff(before: AnalysisOriginal, after: AnalysisOriginal, side: "before" | "after"): Partial<AnalysisOriginal> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AnalysisOriginal)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = (side === "before" ? before : after)[key];
  }
  return out as Partial<AnalysisOriginal>;
}

export const PAGE_EDIT_INTENTS = [
  "edit-title",
  "edit-summary",
  "edit-topics",
  "edit-decisions",
  "edit-actions",
  "edit-segment",
  "restore-segment",
  "rename-speaker",
  "restore-all",
] as const;
export type PageEditIntent = (typeof PAGE_EDIT_INTENTS)[number];

export function isPageEditIntent(value: unknown): value is PageEditIntent {
  return typeof value === "string" && (PAGE_EDIT_INTENTS as readonly string[]).includes(value);
}

/**
 * A correction posted by the result page's plain forms (they work without JavaScript): the same
 * validation and transaction as PATCH. Answers where to go back on the page.
 */
export async function applyPageEdit(id: string | undefined, userId: string, intent: PageEditIntent, form: FormData): Promise<{ anchor: string }> {
  const field = (name: string) => String(form.get(name) ?? "");
  const position = Number(field("position"));
  const detail = await getTranscriptionDetail(id, { userId });
  let body: Record<string, unknown>;
  let anchor = "";
  switch (intent) {
    case "edit-title":
      body = { title: field("title") };
      break;
    case "edit-summary":
      body = { summary: field("summary") };
      anchor = "summary-heading";
      break;
    case "edit-topics":
      body = { topics: topicsFromText(field("topics"), detail.analysis?.topics ?? []) };
      anchor = "topics-heading";
      break;
    case "edit-decisions":
      body = { decisions: decisionsFromText(field("decisions")) };
      anchor = "decisions-heading";
      break;
    case "edit-actions":
      body = { actionItems: actionItemsFromForm(form) };
      anchor = "action-items-heading";
      break;
    case "edit-segment":
      body = { segments: [{ position: Number.isInteger(position) ? position : -1, text: field("text"), speaker: field("speaker").trim() || null }] };
      anchor = `segmento-${position}`;
      break;
    case "restore-segment": {
      const segment = detail.transcription.segments.find((s) => s.position === position);
      body = {
        segments: [{ position: Number.isInteger(position) ? position : -1, ...(segment?.originalText ? { text: segment.originalText } : {}) }],
      };
      anchor = `segmento-${position}`;
      break;
    }
    case "rename-speaker":
      body = { speakers: [{ from: field("from"), to: field("to") }] };
      anchor = "speakers-heading";
      break;
    case "restore-all":
      body = { restoreOriginal: true };
      break;
  }
  await editTranscription(id, { userId }, userId, parseEdit(body));
  return { anchor };
}
