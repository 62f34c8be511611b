import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { getUsageLimits } from "~/services/usage.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return json({ success: true, ...(await getUsageLimits(user.id)) });
});

export const action = methodNotAllowed;
