import { parseTranscriptionsQuery } from "~/lib/validation/admin";
import { json } from "~/services/api.server";
import { adminRoute, searchParams } from "~/services/admin/http.server";
import { listAdminTranscriptions } from "~/services/admin/transcriptions.server";

/** GET /api/admin/transcriptions: transcriptions, pagination, stats. */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await listAdminTranscriptions(parseTranscriptionsQuery(searchParams(request)))) }),
});
export const loader = route.loader;
export const action = route.action;
