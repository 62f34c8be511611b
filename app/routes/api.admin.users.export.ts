import { parseUsersQuery } from "~/lib/validation/admin";
import { adminRoute, searchParams } from "~/services/admin/http.server";
import { exportUsersCsv } from "~/services/admin/users.server";

/** GET /api/admin/users/export: users-YYYY-MM-DD.csv with the list's filters. */
const route = adminRoute({
  GET: async ({ request }) => exportUsersCsv(parseUsersQuery(searchParams(request))),
});
export const loader = route.loader;
export const action = route.action;
