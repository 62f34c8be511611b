import { exportAuditCsv, parseAuditQuery } from "~/services/admin/audit.server";
import { adminRoute, searchParams } from "~/services/admin/http.server";

/** GET /api/admin/audit/export: the filtered trail as CSV. */
const route = adminRoute({
  GET: async ({ request }) => exportAuditCsv(parseAuditQuery(searchParams(request))),
});
export const loader = route.loader;
export const action = route.action;
