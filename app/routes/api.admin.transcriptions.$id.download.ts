import { adminRoute } from "~/services/admin/http.server";
import { downloadTranscriptionText } from "~/services/admin/transcriptions.server";

/** GET /api/admin/transcriptions/{id}/download: the text as .txt. */
const route = adminRoute({
  GET: async ({ params }) => downloadTranscriptionText(params.id),
});
export const loader = route.loader;
export const action = route.action;
