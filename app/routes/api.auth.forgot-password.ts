import type { ActionFunctionArgs } from "@remix-run/node";
import { emailOnlySchema } from "~/lib/validation/auth";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, readAuthBody } from "~/services/auth-api.server";
import { requestMeta } from "~/services/auth/common.server";
import { requestPasswordReset } from "~/services/auth/password-reset.server";

export const loader = () => methodNotAllowed();

/** The same answer whether the address has an account or not. */
export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, emailOnlySchema);
  const { message } = await requestPasswordReset(input, requestMeta(request, context));
  return json({ success: true, message });
});
