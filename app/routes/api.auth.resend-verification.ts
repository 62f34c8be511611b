import type { ActionFunctionArgs } from "@remix-run/node";
import { emailOnlySchema } from "~/lib/validation/auth";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, readAuthBody } from "~/services/auth-api.server";
import { requestMeta } from "~/services/auth/common.server";
import { resendVerification } from "~/services/auth/verification.server";

export const loader = () => methodNotAllowed();

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, emailOnlySchema);
  const { message, retryAfter } = await resendVerification(input, requestMeta(request, context));
  return json({ success: true, message, retryAfter });
});
