import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { toggleUserStatus } from "~/services/admin/users.server";

/** PATCH /api/admin/users/{id}/toggle-status */
const route = adminRoute({
  PATCH: async ({ params, admin }) => json({ success: true, message: MSG.userStatusUpdated, user: await toggleUserStatus(admin, params.id) }),
});
export const loader = route.loader;
export const action = route.action;
