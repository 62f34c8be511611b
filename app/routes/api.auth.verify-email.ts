import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyEmailSchema } from "~/lib/validation/auth";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, readAuthBody } from "~/services/auth-api.server";
import { requestMeta } from "~/services/auth/common.server";
import { verifyEmailCode } from "~/services/auth/verification.server";

export const loader = () => methodNotAllowed();

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, verifyEmailSchema);
  const { user, message } = await verifyEmailCode(input, requestMeta(request, context));
  return json({ success: true, user, message });
});
