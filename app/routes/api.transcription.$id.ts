import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/lib/messages";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { deleteTranscription, getTranscriptionDetail } from "~/services/transcriptions.server";

/** GET /api/transcription/:id: { transcription, analysis, document, documentPath }. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return json({ success: true, ...(await getTranscriptionDetail(params.id, { userId: user.id })) });
});

/** DELETE /api/transcription/:id: rows, files and the usage given back. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const user = await requireApiUser(request);
  const deleted = await deleteTranscription(params.id, { userId: user.id });
  return json({ success: true, message: MSG.transcriptionDeleted, released: { recordings: 1, megabytes: deleted.megabytes, usageMonth: deleted.usageMonth } });
});
