import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { reactivateSubscription } from "~/services/subscriptions.server";

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  return json({ success: true, ...(await reactivateSubscription(user.id, params.id ?? "")) });
});

export const loader = methodNotAllowed;
