import type { ActionFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "~/lib/validation/auth";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, readAuthBody } from "~/services/auth-api.server";
import { requestMeta, requestPasswordReset } from "~/services/auth.server";

export const loader = () => methodNotAllowed();

/** The same answer whether the address has an account or not. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, forgotPasswordSchema);
  const { message } = await requestPasswordReset(input, requestMeta(request, context));
  return json({ success: true, message });
});
