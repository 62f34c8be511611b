import type { ActionFunctionArgs } from "@remix-run/node";
import { oauthLoginSchema } from "~/lib/validation/auth";
import { apiHandler, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, authSuccessResponse, readAuthBody } from "~/services/auth-api.server";
import { requestMeta } from "~/services/auth/common.server";
import { loginWithGoogleProfile } from "~/services/auth/google.server";
import { clearOAuthCookieHeader, completeGoogleSignIn } from "~/services/google-oauth.server";

export const loader = () => methodNotAllowed();

/** POST { provider: "google", code, state }: the callback page hands over Google's code. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, oauthLoginSchema);
  const profile = await completeGoogleSignIn(request, input.code, input.state);
  const result = await loginWithGoogleProfile(profile, requestMeta(request, context));
  return authSuccessResponse(result, 200, [["Set-Cookie", clearOAuthCookieHeader()]]);
});
