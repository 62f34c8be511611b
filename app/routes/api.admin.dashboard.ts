import { json } from "~/services/api.server";
import { getAdminDashboard } from "~/services/admin/dashboard.server";
import { adminRoute } from "~/services/admin/http.server";

/** GET /api/admin/dashboard: the overview data of spec 3. */
const route = adminRoute({
  GET: async () => json({ success: true, ...(await getAdminDashboard()) }),
});
export const loader = route.loader;
export const action = route.action;
