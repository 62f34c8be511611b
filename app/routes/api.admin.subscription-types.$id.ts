import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute, readBody } from "~/services/admin/http.server";
import { auditedPlans, getPlan } from "~/services/admin/plans.server";

/** GET, PUT and DELETE /api/admin/subscription-types/{id}; DELETE is refused (409) while subscriptions use the plan. */
const route = adminRoute({
  GET: async ({ params }) => json({ success: true, subscriptionType: await getPlan(params.id) }),
  PUT: async ({ request, params, admin }) =>
    json({ success: true, message: MSG.planSaved, subscriptionType: await auditedPlans.update(admin.id, params.id, await readBody(request)) }),
  DELETE: async ({ params, admin }) => json({ success: true, message: MSG.planDeleted, ...(await auditedPlans.delete(admin.id, params.id)) }),
});
export const loader = route.loader;
export const action = route.action;
