import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { MSG } from "~/lib/messages";
import { logoutSession } from "~/services/auth/login.server";
import { assertSameOriginForm, clearSessionCookieHeader, getRequestToken } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";

/** POST /logout (the user menu's 'Esci'): deletes the session, clears the cookie, home with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  await logoutSession(getRequestToken(request)?.token);
  const headers = new Headers({ Location: "/" });
  headers.append("Set-Cookie", clearSessionCookieHeader());
  headers.append("Set-Cookie", flashToastHeader({ type: "success", message: MSG.logoutSuccess }));
  return new Response(null, { status: 302, headers });
}

export const loader = () => redirect("/");
