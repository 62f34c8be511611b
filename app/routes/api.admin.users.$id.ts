import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute, readBody } from "~/services/admin/http.server";
import { deleteUser, getAdminUser, updateUser } from "~/services/admin/users.server";

/** GET, PUT and DELETE /api/admin/users/{id}. A blank password on PUT keeps the old one. */
const route = adminRoute({
  GET: async ({ params }) => json({ success: true, user: await getAdminUser(params.id) }),
  PUT: async ({ request, params, admin }) =>
    json({ success: true, message: MSG.userUpdated, user: await updateUser(admin, params.id, await readBody(request)) }),
  DELETE: async ({ params, admin }) => json({ success: true, message: MSG.userDeleted, ...(await deleteUser(admin, params.id)) }),
});
export const loader = route.loader;
export const action = route.action;
