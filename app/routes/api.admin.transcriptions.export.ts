import { parseTranscriptionsQuery } from "~/lib/validation/admin";
import { adminRoute, searchParams } from "~/services/admin/http.server";
import { exportTranscriptionsCsv } from "~/services/admin/transcriptions.server";

/** GET /api/admin/transcriptions/export: transcriptions-YYYY-MM-DD.csv with the list's filters. */
const route = adminRoute({
  GET: async ({ request }) => exportTranscriptionsCsv(parseTranscriptionsQuery(searchParams(request))),
});
export const loader = route.loader;
export const action = route.action;
