import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { listOrders, parseOrderQuery } from "~/services/orders.server";
import { requireApiUser } from "~/services/session.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const query = parseOrderQuery(new URL(request.url).searchParams);
  return json({ success: true, ...(await listOrders(user.id, query)) });
});

export const action = methodNotAllowed;
