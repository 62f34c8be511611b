import type { ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/lib/messages";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi } from "~/services/auth-api.server";
import { logoutSession } from "~/services/auth/login.server";
import { clearSessionCookieHeader, getRequestToken } from "~/services/session.server";

export const loader = () => methodNotAllowed();

/** Deletes the session of the bearer token or cookie; answers success even when there was none. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  await logoutSession(getRequestToken(request)?.token);
  return json({ success: true, message: MSG.logoutSuccess }, { headers: { "Set-Cookie": clearSessionCookieHeader() } });
});
