import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { adminRoute } from "~/services/admin/http.server";
import { reactivateAdminSubscription } from "~/services/admin/subscriptions.server";

/** PATCH /api/admin/subscriptions/{id}/reactivate */
const route = adminRoute({
  PATCH: async ({ params }) =>
    json({ success: true, message: MSG.subscriptionReactivated, subscription: await reactivateAdminSubscription(params.id) }),
});
export const loader = route.loader;
export const action = route.action;
