import { MSG } from "~/lib/messages";
import { json } from "~/services/api.server";
import { auditStep } from "~/services/audit.server";
import { adminRoute, readBody } from "~/services/admin/http.server";
import { cancelAdminSubscription } from "~/services/admin/subscriptions.server";

/** PATCH /api/admin/subscriptions/{id}/cancel, optional body { reason }. */
const route = adminRoute({
  PATCH: async ({ request, params, admin }) => {
    const body = await readBody(request);
    const reason = typeof body.reason === "string" ? body.reason : undefined;
    return json({
      success: true,
      message: MSG.subscriptionCancelled,
      subscription: await cancelAdminSubscription(params.id, reason, auditStep(admin.id, "subscription.cancel", "subscription", params.id ?? null)),
    });
  },
});
export const loader = route.loader;
export const action = route.action;
