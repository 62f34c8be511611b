import { parseSubscriptionsQuery } from "~/lib/validation/admin";
import { adminRoute, searchParams } from "~/services/admin/http.server";
import { exportSubscriptionsCsv } from "~/services/admin/subscriptions.server";

/** GET /api/admin/subscriptions/export: subscriptions-YYYY-MM-DD.csv with the list's filters. */
const route = adminRoute({
  GET: async ({ request }) => exportSubscriptionsCsv(parseSubscriptionsQuery(searchParams(request))),
});
export const loader = route.loader;
export const action = route.action;
