import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { EDIT_TEXT, MSG } from "~/lib/messages";
import { apiHandler, json, methodNotAllowed, readJsonValue } from "~/services/api.server";
import { isMeetingPatch, parseMeetingPatch, updateMeeting } from "~/services/meeting.server";
import { editTranscription, parseEdit } from "~/services/transcription-edits.server";
import { MEETING_TEXT } from "~/lib/meeting-text";
import { requireApiUser } from "~/services/session.server";
import { findTranscription } from "~/services/transcriptions/access.server";
import { deleteTranscription } from "~/services/transcriptions/delete.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";

/** GET /api/transcription/:id: { transcription, analysis, document, documentPath, meeting }. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const detail = await getTranscriptionDetail(params.id, { userId: user.id });
  return json({ success: true, ...detail, meeting: detail.transcription.meeting });
});

/**
 * PATCH /api/transcription/:id: corrections (title, summary, segments with text and speaker,
 * speaker renames, topics, decisions, action items, restoreOriginal); answers the updated record.
 * With { meeting, replaceEditedMinutes? } instead: the meeting details (meeting.server.ts).
 * DELETE /api/transcription/:id: rows, files and the usage given back.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method === "PATCH") {
    const user = await requireApiUser(request);
    // Someone else's id is a 404 whatever the body says.
    await findTranscription(params.id, { userId: user.id });
    const body = await readJsonValue(request);
    // Meeting details (issue 31): { meeting, replaceEditedMinutes? }, on their own.
    if (isMeetingPatch(body)) {
      const saved = await updateMeeting(params.id, user.id, parseMeetingPatch(body));
      return json({ success: true, message: saved.reanalysis ? MEETING_TEXT.savedReanalysis : MEETING_TEXT.saved, ...saved });
    }
    const input = parseEdit(body);
    return json({ success: true, message: EDIT_TEXT.saved, ...(await editTranscription(params.id, { userId: user.id }, user.id, input)) });
  }
  if (request.method !== "DELETE") return methodNotAllowed();
  const user = await requireApiUser(request);
  const deleted = await deleteTranscription(params.id, { userId: user.id });
  return json({
    success: true,
    message: MSG.transcriptionDeleted,
    released: { recordings: 1, megabytes: deleted.megabytes, minutes: deleted.minutes, usageMonth: deleted.usageMonth },
  });
});
