import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { PasswordInput, useHydrated } from "~/components/auth/fields";
import { LoginLink } from "~/components/guards";
import { MSG } from "~/lib/messages";
import { RESET_PASSWORD_RULES, checkForm, formToObject, resetPasswordFormSchema } from "~/lib/validation/auth";
import { ApiError, readPageForm } from "~/services/api.server";
import { requestMeta } from "~/services/auth/common.server";
import { resetPassword, resetTokenState } from "~/services/auth/password-reset.server";
import { assertSameOriginForm } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Reimposta la password — Verbale" }, { name: "robots", content: "noindex" }];

/** Without a token in the query the page redirects home (spec 2.1). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/");
  return { token, state: await resetTokenState(token) };
}

type ActionData = { error?: string; fieldErrors?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const fields = formToObject(await readPageForm(request));
  const check = checkForm(resetPasswordFormSchema, fields);
  if (!check.ok) return Response.json({ error: check.error, fieldErrors: check.fieldErrors } satisfies ActionData, { status: 400 });
  try {
    await resetPassword(check.data, requestMeta(request, context));
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ error: error.message } satisfies ActionData, { status: error.status });
    throw error;
  }
  const headers = new Headers({ Location: "/login" });
  headers.append("Set-Cookie", flashToastHeader({ type: "success", message: MSG.passwordResetDone }));
  return new Response(null, { status: 302, headers });
}

/** The reset link is marked expired when the error text contains 'scaduto' or 'expired' (spec 4). */
export function isExpiredMessage(message: string | undefined): boolean {
  return Boolean(message && /scaduto|expired/i.test(message));
}

function ExpiredScreen() {
  return (
    <div className="text-center" data-testid="reset-expired">
      <div aria-hidden className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-yellow-100 text-yellow-800">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
      </div>
      <h1 className="mt-4 text-2xl font-bold">{MSG.resetLinkExpiredTitle}</h1>
      <p className="mt-2 text-slate-700">{MSG.resetLinkExpired}</p>
      <p className="mt-1 text-sm text-slate-500">Per motivi di sicurezza {MSG.resetLinkExpiredInfo}. Richiedine uno nuovo.</p>
      <Link to="/login?mode=forgot-password" className="btn-primary mt-6">
        Richiedi un nuovo link
      </Link>
    </div>
  );
}

export default function ResetPassword() {
  const { token, state } = useLoaderData<typeof loader>();
  const data = useActionData<ActionData>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const check = checkForm(resetPasswordFormSchema, { token, password, confirmPassword: confirm });
  const expired = state === "expired" || isExpiredMessage(data?.error);
  const invalid = state === "invalid" && !data;

  return (
    <div className="page flex justify-center py-12">
      <div className="card w-full max-w-md">
        {expired ? (
          <ExpiredScreen />
        ) : invalid ? (
          <div className="text-center" data-testid="reset-invalid">
            <h1 className="text-2xl font-bold">Reimposta la password</h1>
            <p className="mt-3 text-slate-700">{MSG.resetLinkInvalid}</p>
            <Link to="/login?mode=forgot-password" className="btn-primary mt-6">
              Richiedi un nuovo link
            </Link>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Reimposta la password</h1>
            <p className="mt-2 text-sm text-slate-600">Scegli una nuova password per il tuo account.</p>
            <Form method="post" className="mt-6 space-y-4" data-testid="reset-form" noValidate>
              <input type="hidden" name="token" value={token} />
              {data?.error ? (
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
                  {data.error}
                </p>
              ) : null}
              <PasswordInput
                id="reset-password"
                name="password"
                label="Nuova password"
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
                error={data?.fieldErrors?.password}
                describedBy="reset-rules"
              />
              <PasswordInput
                id="reset-confirm"
                name="confirmPassword"
                label="Conferma password"
                autoComplete="new-password"
                value={confirm}
                onChange={setConfirm}
                error={data?.fieldErrors?.confirmPassword}
              />
              <ul id="reset-rules" className="space-y-1 text-sm" aria-label="Requisiti della password" data-testid="password-rules">
                {RESET_PASSWORD_RULES.map((rule) => {
                  const ok = rule.test(password);
                  return (
                    <li key={rule.message} className={ok ? "text-green-700" : "text-slate-500"}>
                      <span aria-hidden>{ok ? "✓" : "•"}</span> {rule.message}
                    </li>
                  );
                })}
                {confirm && password !== confirm ? (
                  <li className="text-red-700" role="alert">
                    <span aria-hidden>✕</span> {MSG.passwordsMismatch}
                  </li>
                ) : null}
              </ul>
              <button
                type="submit"
                className="btn-primary w-full"
                disabled={(hydrated && !check.ok) || navigation.state === "submitting"}
                data-testid="reset-submit"
              >
                Reimposta password
              </button>
            </Form>
            <p className="mt-4 text-center text-sm text-slate-600">
              <LoginLink className="font-semibold text-brand-700 hover:underline">Torna all'accesso</LoginLink>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
