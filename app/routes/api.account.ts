import type { ActionFunctionArgs } from "@remix-run/node";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { deleteAccountSchema, deleteOwnAccount } from "~/services/account/delete.server";
import { apiHandler, json, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { clearSessionCookieHeader, requireApiUser } from "~/services/session.server";

/** DELETE /api/account with { password } (or { email } for a Google-only account): erases the account (issue 32). */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const user = await requireApiUser(request);
  await deleteOwnAccount(user.id, await readJsonBody(request, deleteAccountSchema));
  return json({ success: true, message: PRIVACY_TEXT.accountDeleted }, { headers: { "Set-Cookie": clearSessionCookieHeader() } });
});

export const loader = () => methodNotAllowed();
