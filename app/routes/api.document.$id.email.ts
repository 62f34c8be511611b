import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MSG } from "~/lib/messages";
import { apiHandler, json, methodNotAllowed, readJsonValue } from "~/services/api.server";
import { assertNotFailed, getDelivery, requestDocumentEmail } from "~/services/email-delivery.server";
import { requireApiUser } from "~/services/session.server";

/**
 * POST /api/document/:id/email { email, subject, message }: sends the document. Answers 200 when
 * sent, 202 with status PENDING while a transient failure is being retried (poll the GET), 502
 * when it failed for good.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const view = assertNotFailed(await requestDocumentEmail(params.id, user.id, await readJsonValue(request)));
  return json(
    { success: true, ...view, message: view.status === "SENT" ? MSG.emailSentSuccess : MSG.emailSending },
    view.status === "SENT" ? 200 : 202,
  );
});

/** GET /api/document/:id/email?delivery=<id>: the delivery's current status. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const view = await getDelivery(new URL(request.url).searchParams.get("delivery"), params.id, user.id);
  return json({
    success: view.status !== "FAILED",
    ...view,
    message: view.status === "SENT" ? MSG.emailSentSuccess : view.status === "FAILED" ? MSG.emailSendError : MSG.emailSending,
  });
});
