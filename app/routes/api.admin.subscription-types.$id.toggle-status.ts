import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { auditedPlans } from "~/services/admin/plans.server";

/** PATCH /api/admin/subscription-types/{id}/toggle-status */
const route = adminRoute({
  PATCH: async ({ params, admin }) =>
    json({ success: true, message: MSG.planStatusUpdated, subscriptionType: await auditedPlans.toggle(admin.id, params.id) }),
});
export const loader = route.loader;
export const action = route.action;
