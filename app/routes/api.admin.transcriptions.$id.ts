import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { deleteAdminTranscription, getAdminTranscription } from "~/services/admin/transcriptions.server";

/** GET (detail with text) and DELETE /api/admin/transcriptions/{id}. */
const route = adminRoute({
  GET: async ({ params }) => json({ success: true, transcription: await getAdminTranscription(params.id) }),
  DELETE: async ({ params, admin }) =>
    json({ success: true, message: MSG.transcriptionDeleted, ...(await deleteAdminTranscription(params.id, admin.id)) }),
});
export const loader = route.loader;
export const action = route.action;
