import type { ActionFunctionArgs } from "@remix-run/node";
import { registerSchema } from "~/lib/validation/auth";
import { apiHandler, methodNotAllowed } from "~/services/api.server";
import { assertSameOriginApi, authSuccessResponse, readAuthBody } from "~/services/auth-api.server";
import { requestMeta } from "~/services/auth/common.server";
import { registerUser } from "~/services/auth/login.server";

export const loader = () => methodNotAllowed();

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  assertSameOriginApi(request);
  const input = await readAuthBody(request, registerSchema);
  return authSuccessResponse(await registerUser(input, requestMeta(request, context)), 201);
});
