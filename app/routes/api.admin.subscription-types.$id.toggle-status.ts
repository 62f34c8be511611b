import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { togglePlanStatus } from "~/services/admin/plans.server";

/** PATCH /api/admin/subscription-types/{id}/toggle-status */
const route = adminRoute({
  PATCH: async ({ params }) => json({ success: true, message: MSG.planStatusUpdated, subscriptionType: await togglePlanStatus(params.id) }),
});
export const loader = route.loader;
export const action = route.action;
