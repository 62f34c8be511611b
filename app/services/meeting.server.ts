import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { analyses, transcriptions } from "~/db/schema";
import type { MeetingDetails } from "~/lib/meeting";
import { agendaChanged, checkMeeting, formValues, isEmptyMeeting, meetingFromForm, type MeetingActionResult } from "~/lib/meeting-form";
import { MEETING_TEXT } from "~/lib/meeting-text";
import { ApiError, badRequest, notFound } from "./api.server";
import { enqueueAnalysis } from "./pipeline.server";
import { accessFilter } from "./transcriptions/access.server";
import { isUuid } from "~/lib/uuid";

/**
 * Meeting details of a transcription (issue 31, decision 032): checked here for the upload, the
 * chunked recording and PATCH alike, stored in transcriptions.meeting. A refusal is a 400 naming
 * the field (`field` in the body too) and happens before anything is saved or counted.
 */

/** The details, or a 400 whose message names the refused field. */
export function parseMeeting(raw: unknown): MeetingDetails {
  const checked = checkMeeting(raw);
  if (!checked.ok) throw badRequest(checked.message, { field: checked.field });
  return checked.meeting;
}

/** The upload's multipart field `meeting`: JSON text; absent or empty means no details. */
export function parseMeetingJson(text: string | undefined): MeetingDetails | null {
  if (text === undefined || text.trim() === "") return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest(MEETING_TEXT.invalid, { field: "meeting" });
  }
  return raw === null ? null : parseMeeting(raw);
}

/** The optional `meeting` of a JSON body (POST /api/recordings): null or absent means none. */
export function optionalMeeting(raw: unknown): MeetingDetails | null {
  return raw === undefined || raw === null ? null : parseMeeting(raw);
}

export type MeetingPatch = { meeting: MeetingDetails | null; replaceEditedMinutes?: boolean };

export function isMeetingPatch(body: unknown): boolean {
  return Boolean(body && typeof body === "object" && !Array.isArray(body) && "meeting" in body);
}

/** PATCH /api/transcription/:id { meeting, replaceEditedMinutes? }. */
export function parseMeetingPatch(body: unknown): MeetingPatch {
  const { meeting, replaceEditedMinutes, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw badRequest(MEETING_TEXT.unknownField(extra.slice(0, 40)), { field: "meeting" });
  if (replaceEditedMinutes !== undefined && typeof replaceEditedMinutes !== "boolean")
    throw badRequest(MEETING_TEXT.invalid, { field: "replaceEditedMinutes" });
  return { meeting: optionalMeeting(meeting), ...(replaceEditedMinutes === undefined ? {} : { replaceEditedMinutes }) };
}

export type MeetingUpdate = { meeting: MeetingDetails | null; reanalysis: boolean; status: string };

/**
 * Saves the details. A changed agenda after the analysis re-makes the minutes for it (queued as
 * POST /api/analyze does), and so does one changed while the analysis waits or runs; when the minutes were corrected by hand (analyses.original set) that
 * would lose the corrections, so without replaceEditedMinutes the answer is a 409 with
 * `confirmationRequired` and nothing is saved; `false` saves the details and keeps the minutes.
 * Any change marks a generated document as out of date (it carries the details).
 */
export async function updateMeeting(id: string | undefined, userId: string, patch: MeetingPatch): Promise<MeetingUpdate> {
  if (!isUuid(id)) throw notFound();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ status: transcriptions.status, meeting: transcriptions.meeting, transcribed: transcriptions.text })
      .from(transcriptions)
      .where(accessFilter(id, { userId }))
      .for("update");
    if (!row) throw notFound();
    const [analysis] = await tx.select({ status: analyses.status, edited: analyses.original }).from(analyses).where(eq(analyses.transcriptionId, id));
    const analysed = row.status === "COMPLETED" && analysis?.status === "COMPLETED";
    // Transcribed and its analysis queued or running: that one read the old agenda, so another follows it.
    const analysing = (row.status === "PENDING" || row.status === "PROCESSING") && row.transcribed !== null;
    let reanalysis = (analysed || analysing) && agendaChanged(row.meeting, patch.meeting);
    if (reanalysis && analysis?.edited) {
      if (patch.replaceEditedMinutes === undefined) throw new ApiError(409, MEETING_TEXT.confirmNeeded, { confirmationRequired: true });
      reanalysis = patch.replaceEditedMinutes;
    }
    await tx.update(transcriptions).set({ meeting: patch.meeting }).where(eq(transcriptions.id, id));
    if (reanalysis && analysing) {
      // A job already waiting is replaced (same job_key); one running keeps going and this one runs after it.
      await enqueueAnalysis(tx, id);
    } else if (reanalysis) {
      await tx
        .update(transcriptions)
        .set({ status: "PENDING", stage: "queued", progress: 85, errorMessage: null, failureReason: null })
        .where(eq(transcriptions.id, id));
      await tx.update(analyses).set({ status: "PENDING" }).where(eq(analyses.transcriptionId, id));
      await enqueueAnalysis(tx, id);
    } else if (analysis && JSON.stringify(row.meeting ?? null) !== JSON.stringify(patch.meeting)) {
      // The document is fresh while its analysisVersion equals analyses.updatedAt (document.server.ts).
      await tx.update(analyses).set({ updatedAt: new Date() }).where(eq(analyses.transcriptionId, id));
    }
    return { meeting: patch.meeting, reanalysis, status: reanalysis && analysed ? "PENDING" : row.status };
  });
}

/**
 * The result page's form (intent "meeting"): saved, or the refusal to show with what was typed.
 * `replace` is the answer to «Rifai il verbale?» («yes» / «no»), absent until asked.
 */
export async function applyPageMeeting(
  id: string | undefined,
  userId: string,
  form: FormData,
): Promise<{ ok: true; message: string } | { ok: false; status: number; result: MeetingActionResult }> {
  const values = formValues(form);
  const checked = checkMeeting(meetingFromForm(form));
  if (!checked.ok)
    return { ok: false, status: 400, result: { intent: "meeting", ok: false, message: checked.message, field: checked.field, values } };
  const replace = form.get("replace");
  try {
    const saved = await updateMeeting(id, userId, {
      meeting: isEmptyMeeting(checked.meeting) ? null : checked.meeting,
      ...(replace === "yes" ? { replaceEditedMinutes: true } : replace === "no" ? { replaceEditedMinutes: false } : {}),
    });
    return { ok: true, message: saved.reanalysis ? MEETING_TEXT.savedReanalysis : MEETING_TEXT.saved };
  } catch (error) {
    if (error instanceof ApiError && error.extra.confirmationRequired) {
      return { ok: false, status: 409, result: { intent: "meeting", ok: false, confirm: true, message: MEETING_TEXT.confirmText, values } };
    }
    throw error;
  }
}
