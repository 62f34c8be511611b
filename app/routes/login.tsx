import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { AuthMode } from "~/components/auth/fields";
import { ForgotPasswordForm } from "~/components/auth/forgot-password-form";
import { LoginForm } from "~/components/auth/login-form";
import { RegisterForm } from "~/components/auth/register-form";
import { VerifyEmailForm } from "~/components/verify-email-form";
import { formatRetryAfter } from "~/lib/errors";
import { MSG } from "~/lib/messages";
import { safeRedirect } from "~/lib/safe-redirect";
import { checkForm, formToObject, loginSchema, registerFormSchema, emailOnlySchema, verifyEmailSchema } from "~/lib/validation/auth";
import { ApiError, readPageForm } from "~/services/api.server";
import { requestMeta } from "~/services/auth/common.server";
import { loginUser, registerUser } from "~/services/auth/login.server";
import { requestPasswordReset } from "~/services/auth/password-reset.server";
import { resendVerification, verificationCooldownRemaining, verifyEmailCode } from "~/services/auth/verification.server";
import { assertSameOriginForm, getSessionUser, sessionCookieHeader } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Accedi — Verbale" }];

const MODES: AuthMode[] = ["login", "register", "verify-email", "forgot-password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(request);
  if (user?.isEmailVerified) throw redirect(redirectTo);
  const asked = url.searchParams.get("mode") as AuthMode | null;
  const email = user?.email ?? url.searchParams.get("email") ?? null;
  let mode: AuthMode = asked && MODES.includes(asked) ? asked : "login";
  if (user && !user.isEmailVerified) mode = "verify-email";
  if (mode === "verify-email" && !email) mode = "login";
  const cooldown = mode === "verify-email" && email ? await verificationCooldownRemaining(email) : 0;
  return { mode, redirectTo, email, cooldown };
}

type ActionData = {
  intent: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  message?: string;
  sent?: boolean;
};

function failure(intent: string, error: unknown, values?: Record<string, string>): Response {
  if (!(error instanceof ApiError)) throw error;
  const retry = typeof error.extra.retryAfter === "number" ? error.extra.retryAfter : undefined;
  const message = error.status === 429 && retry && intent !== "resend" ? MSG.tooManyRequestsRetry(formatRetryAfter(retry)) : error.message;
  return Response.json({ intent, error: message, values } satisfies ActionData, { status: error.status });
}

function invalid(intent: string, check: { error?: string; fieldErrors: Record<string, string> }, values?: Record<string, string>): Response {
  return Response.json({ intent, error: check.error, fieldErrors: check.fieldErrors, values } satisfies ActionData, { status: 400 });
}

function signedInRedirect(to: string, token: string, expiresAt: Date, toast: Parameters<typeof flashToastHeader>[0]): Response {
  const headers = new Headers({ Location: to });
  headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt));
  headers.append("Set-Cookie", flashToastHeader(toast));
  return new Response(null, { status: 302, headers });
}

/** The plain-form side of the accounts (works without JavaScript): login, register, verify, resend, forgot. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const form = await readPageForm(request);
  const fields = formToObject(form);
  const intent = fields.intent ?? "login";
  const redirectTo = safeRedirect(fields.redirectTo);
  const meta = requestMeta(request, context);
  const keep = { email: fields.email ?? "", name: fields.name ?? "" };

  if (intent === "login") {
    const check = checkForm(loginSchema, fields);
    if (!check.ok) return invalid(intent, check, keep);
    try {
      const result = await loginUser(check.data, meta);
      if (!result.user.isEmailVerified) {
        return signedInRedirect(`/login?mode=verify-email&redirectTo=${encodeURIComponent(redirectTo)}`, result.token, result.expiresAt, {
          type: "info",
          message: result.message,
        });
      }
      return signedInRedirect(redirectTo, result.token, result.expiresAt, { type: "success", message: MSG.loginSuccess });
    } catch (error) {
      return failure(intent, error, keep);
    }
  }

  if (intent === "register") {
    const check = checkForm(registerFormSchema, fields);
    if (!check.ok) return invalid(intent, check, keep);
    try {
      const result = await registerUser(check.data, meta);
      return signedInRedirect(`/login?mode=verify-email&redirectTo=${encodeURIComponent(redirectTo)}`, result.token, result.expiresAt, {
        type: "success",
        message: MSG.registerSuccess,
      });
    } catch (error) {
      return failure(intent, error, keep);
    }
  }

  if (intent === "verify") {
    const user = await getSessionUser(request);
    const code = form
      .getAll("code")
      .filter((v): v is string => typeof v === "string")
      .join("");
    const check = checkForm(verifyEmailSchema, { email: user?.email ?? fields.email, code });
    if (!check.ok) return invalid(intent, check, keep);
    try {
      await verifyEmailCode(check.data, meta);
      const headers = new Headers({ Location: user ? redirectTo : `/login?email=${encodeURIComponent(check.data.email)}` });
      headers.append("Set-Cookie", flashToastHeader({ type: "success", message: MSG.emailVerified }));
      return new Response(null, { status: 302, headers });
    } catch (error) {
      return failure(intent, error, keep);
    }
  }

  if (intent === "resend") {
    const user = await getSessionUser(request);
    const check = checkForm(emailOnlySchema, { email: user?.email ?? fields.email });
    if (!check.ok) return invalid(intent, check, keep);
    try {
      const { message } = await resendVerification(check.data, meta);
      return Response.json({ intent, message } satisfies ActionData);
    } catch (error) {
      return failure(intent, error, keep);
    }
  }

  if (intent === "forgot") {
    const check = checkForm(emailOnlySchema, fields);
    if (!check.ok) return invalid(intent, check, keep);
    try {
      await requestPasswordReset(check.data, meta);
      return Response.json({ intent, sent: true, values: keep } satisfies ActionData);
    } catch (error) {
      return failure(intent, error, keep);
    }
  }

  return Response.json({ intent, error: MSG.invalidCredentials } satisfies ActionData, { status: 400 });
}

const titles: Record<AuthMode, string> = {
  login: "Accedi a Verbale",
  register: "Crea il tuo account",
  "verify-email": "Verifica la tua email",
  "forgot-password": "Password dimenticata",
};

export default function LoginPage() {
  const { mode: loaderMode, redirectTo, email, cooldown } = useLoaderData<typeof loader>();
  const data = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intentMode: Record<string, AuthMode> = {
    login: "login",
    register: "register",
    forgot: "forgot-password",
    verify: "verify-email",
    resend: "verify-email",
  };
  const mode = data?.intent && loaderMode !== "verify-email" ? (intentMode[data.intent] ?? loaderMode) : loaderMode;
  const common = { busy, serverError: data?.error, fieldErrors: data?.fieldErrors, redirectTo };
  return (
    <div className="page flex justify-center py-12">
      <div className="card w-full max-w-md" data-testid="login-page">
        <h1 className="mb-5 text-2xl font-bold">{titles[mode]}</h1>
        {mode === "login" ? <LoginForm key="login" {...common} defaults={{ email: data?.values?.email ?? email ?? "" }} /> : null}
        {mode === "register" ? <RegisterForm key="register" {...common} defaults={{ email: data?.values?.email, name: data?.values?.name }} /> : null}
        {mode === "forgot-password" ? (
          <ForgotPasswordForm key="forgot" {...common} sent={data?.sent} defaults={{ email: data?.values?.email }} />
        ) : null}
        {mode === "verify-email" && email ? (
          <>
            {data?.error ? (
              <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
                {data.error}
              </p>
            ) : null}
            {data?.message ? (
              <p role="status" className="mb-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
                {data.message}
              </p>
            ) : null}
            <VerifyEmailForm email={email} initialCooldown={cooldown} onVerified={() => window.location.assign(redirectTo)} />
          </>
        ) : null}
      </div>
    </div>
  );
}
