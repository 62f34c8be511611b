import { data, redirect } from "@remix-run/node";
import { ZodError } from "zod";
import { HTTP_ERRORS } from "~/lib/messages";
import { safeRedirect } from "~/lib/safe-redirect";
import { ApiError, readPageForm, zodIssueMessage } from "../api.server";
import { assertSameOriginForm, requireAdminPage, type SessionUser } from "../session.server";
import { flashToastHeader } from "../toast.server";

/**
 * The /dashboard page actions: the same services as /api/admin, answered the way a form expects.
 * Success redirects back to the list (closing the modal) with the spec's success toast; a service
 * refusal redirects back with its message as an error toast; invalid form fields come back as
 * data so the modal re-renders with a message under each field.
 */

export type FormFailure = { ok: false; intent: string; fieldErrors?: Record<string, string>; formError?: string; values?: Record<string, unknown> };

type Handler = (ctx: { form: FormData; admin: SessionUser }) => Promise<string | FormFailure>;

/**
 * A list page past its end (a shared link, or the last row of the last page deleted) redirects
 * to the last page instead of showing "Pagina 3 di 2" over an empty table.
 */
export function redirectPastLastPage(request: Request, pagination: { currentPage: number; totalPages: number }): void {
  if (pagination.currentPage <= pagination.totalPages) return;
  const url = new URL(request.url);
  url.searchParams.set("page", String(pagination.totalPages));
  throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

/** Only a same-site /dashboard path may be the target of the redirect. */
export function safeReturnTo(value: FormDataEntryValue | null, fallback: string): string {
  const path = safeRedirect(value, fallback);
  return /^\/dashboard([/?#]|$)/.test(path) ? path : fallback;
}

export async function adminPageAction(request: Request, fallback: string, handlers: Record<string, Handler>) {
  const admin = await requireAdminPage(request);
  assertSameOriginForm(request);
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = safeReturnTo(form.get("returnTo"), fallback);
  const handler = handlers[intent];
  if (!handler) return data({ ok: false, intent, formError: HTTP_400 } satisfies FormFailure, { status: 400 });
  try {
    const result = await handler({ form, admin });
    if (typeof result !== "string") return data(result, { status: 400 });
    return redirect(back, { headers: { "Set-Cookie": flashToastHeader({ type: "success", message: result }) } });
  } catch (error) {
    if (error instanceof ApiError || error instanceof ZodError) {
      const message = error instanceof ApiError ? error.message : zodIssueMessage(error);
      // Inside a modal form the message stays in the modal; row actions report it as a toast.
      if (form.get("inModal") === "1")
        return data({ ok: false, intent, formError: message } satisfies FormFailure, { status: error instanceof ApiError ? error.status : 400 });
      return redirect(back, { headers: { "Set-Cookie": flashToastHeader({ type: "error", message }) } });
    }
    throw error;
  }
}

const HTTP_400 = HTTP_ERRORS[400];

/** The row a page action is about; a form without one is refused with `missing` (400). */
export function rowId(form: FormData, missing: string = HTTP_400): string {
  const id = String(form.get("id") ?? "").trim();
  if (!id) throw new ApiError(400, missing);
  return id;
}

/**
 * The loader of an admin list page: the admin's id, the page of rows (past its end: redirect to the
 * last page) and the row a dialog is about (?view=id, or ?modal=edit / ?confirm=... with &id=);
 * a row that no longer exists simply opens no dialog.
 */
export async function loadAdminList<L extends { pagination: { currentPage: number; totalPages: number } }, F>(
  request: Request,
  list: (params: URLSearchParams) => Promise<L>,
  focusRow: (id: string) => Promise<F>,
): Promise<L & { focus: F | null; adminId: string }> {
  const admin = await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const focusId = params.get("view") ?? (params.get("modal") === "edit" || params.get("confirm") ? params.get("id") : null);
  const [rows, focus] = await Promise.all([list(params), focusId ? focusRow(focusId).catch(() => null) : Promise.resolve(null)]);
  redirectPastLastPage(request, rows.pagination);
  return { ...rows, focus, adminId: admin.id };
}
