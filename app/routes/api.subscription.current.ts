import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { getUserSubscriptions } from "~/services/subscriptions.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { subscriptions, requiresSubscription, toastMessage } = await getUserSubscriptions(user.id);
  return json({ success: true, subscriptions, requiresSubscription, ...(toastMessage ? { toastMessage } : {}) });
});

export const action = methodNotAllowed;
