import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { createGoogleAuthorization } from "~/services/google-oauth.server";

/**
 * GET /api/auth/google: { success, authUrl } and the signed state/PKCE cookie. With ?redirect=1
 * (the no-JavaScript button) it answers a 302 to the provider instead.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { authUrl, cookieHeader } = createGoogleAuthorization();
  if (new URL(request.url).searchParams.get("redirect") === "1") {
    return new Response(null, { status: 302, headers: { Location: authUrl, "Set-Cookie": cookieHeader, "Cache-Control": "no-store" } });
  }
  return json({ success: true, authUrl }, { headers: { "Set-Cookie": cookieHeader } });
});

export const action = () => methodNotAllowed();
