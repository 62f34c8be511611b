import { json } from "~/services/api.server";
import { getAnalytics } from "~/services/admin/dashboard.server";
import { adminRoute, searchParams } from "~/services/admin/http.server";

/** GET /api/admin/analytics?days=30: the series behind the analytics charts. */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await getAnalytics(Number(searchParams(request).get("days")) || 30)) }),
});
export const loader = route.loader;
export const action = route.action;
