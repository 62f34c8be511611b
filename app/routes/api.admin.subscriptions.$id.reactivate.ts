import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { auditStep } from "~/services/audit.server";
import { adminRoute } from "~/services/admin/http.server";
import { reactivateAdminSubscription } from "~/services/admin/subscriptions.server";

/** PATCH /api/admin/subscriptions/{id}/reactivate */
const route = adminRoute({
  PATCH: async ({ params, admin }) =>
    json({
      success: true,
      message: MSG.subscriptionReactivated,
      subscription: await reactivateAdminSubscription(params.id, auditStep(admin.id, "subscription.reactivate", "subscription", params.id ?? null)),
    }),
});
export const loader = route.loader;
export const action = route.action;
