import { adminRoute } from "~/services/admin/http.server";
import { downloadTranscriptionDocument } from "~/services/admin/transcriptions.server";

/** GET /api/admin/transcriptions/{id}/document/download: the Word document. */
const route = adminRoute({
  GET: async ({ params }) => downloadTranscriptionDocument(params.id),
});
export const loader = route.loader;
export const action = route.action;
