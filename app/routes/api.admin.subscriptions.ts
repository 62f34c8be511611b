import { parseSubscriptionsQuery } from "~/lib/validation/admin";
import { json } from "~/services/api.server";
import { adminRoute, searchParams } from "~/services/admin/http.server";
import { listAdminSubscriptions } from "~/services/admin/subscriptions.server";

/** GET /api/admin/subscriptions: subscriptions, pagination, stats (with revenue). */
const route = adminRoute({
  GET: async ({ request }) => json({ success: true, ...(await listAdminSubscriptions(parseSubscriptionsQuery(searchParams(request)))) }),
});
export const loader = route.loader;
export const action = route.action;
