import { MSG } from "~/lib/messages";
import { parseUsersQuery } from "~/lib/validation/admin";
import { json } from "~/services/api.server";
import { adminRoute, readBody, searchParams } from "~/services/admin/http.server";
import { createUser, listUsers } from "~/services/admin/users.server";

/** GET /api/admin/users (list) and POST /api/admin/users (create). */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await listUsers(parseUsersQuery(searchParams(request)))) }),
  POST: async ({ request, admin }) => json({ success: true, message: MSG.userCreated, user: await createUser(admin, await readBody(request)) }, 201),
});
export const loader = route.loader;
export const action = route.action;
