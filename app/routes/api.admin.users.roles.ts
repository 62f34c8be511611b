import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { listRoles } from "~/services/admin/users.server";

/** GET /api/admin/users/roles */
const route = adminRoute({
  GET: async () => json({ success: true, roles: await listRoles() }),
});
export const loader = route.loader;
export const action = route.action;
