import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { assignPlan, assignSchema } from "~/services/subscriptions.server";

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const { subscriptionTypeId } = await readJsonBody(request, assignSchema);
  const { subscription, message } = await assignPlan(user, subscriptionTypeId);
  return json({ success: true, message, subscription });
});

export const loader = methodNotAllowed;
