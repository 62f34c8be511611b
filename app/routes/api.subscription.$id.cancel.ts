import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, json, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { cancelSubscription } from "~/services/subscriptions.server";

const bodySchema = z.object({ reason: z.string().max(500).nullish() }).passthrough();

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const { reason } = await readJsonBody(request, bodySchema);
  return json({ success: true, ...(await cancelSubscription(user.id, params.id ?? "", reason)) });
});

export const loader = methodNotAllowed;
