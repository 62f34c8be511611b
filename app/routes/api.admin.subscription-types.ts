import { MSG } from "~/lib/messages";
import { parsePlansQuery } from "~/lib/validation/admin";
import { json } from "~/services/api.server";
import { adminRoute, readBody, searchParams } from "~/services/admin/http.server";
import { auditedPlans, listPlans } from "~/services/admin/plans.server";

/** GET /api/admin/subscription-types (list) and POST (create). */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await listPlans(parsePlansQuery(searchParams(request)))) }),
  POST: async ({ request, admin }) =>
    json({ success: true, message: MSG.planSaved, subscriptionType: await auditedPlans.create(admin.id, await readBody(request)) }, 201),
});
export const loader = route.loader;
export const action = route.action;
