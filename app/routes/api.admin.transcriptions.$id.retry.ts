import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { retryAdminTranscription } from "~/services/admin/transcriptions.server";

/** POST /api/admin/transcriptions/{id}/retry: only a FAILED one is queued again (409 otherwise). */
const route = adminRoute({
  POST: async ({ params, admin }) =>
    json({ success: true, message: MSG.transcriptionRetried, ...(await retryAdminTranscription(params.id, admin.id)) }),
});
export const loader = route.loader;
export const action = route.action;
