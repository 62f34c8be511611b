import { json } from "~/services/api.server";
import { listAudit, parseAuditQuery } from "~/services/admin/audit.server";
import { adminRoute, searchParams } from "~/services/admin/http.server";

/** GET /api/admin/audit: the admin writes, newest first (filters adminId, action, dateFrom, dateTo; page, limit). */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await listAudit(parseAuditQuery(searchParams(request)))) }),
});
export const loader = route.loader;
export const action = route.action;
