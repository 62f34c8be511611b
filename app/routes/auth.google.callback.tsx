import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TOAST_AUTH_ERROR_MS, useToast } from "~/components/toast";
import { callAuthApi } from "~/lib/auth-client";
import { MSG } from "~/lib/messages";
import { ApiError, readPageForm } from "~/services/api.server";
import { requestMeta } from "~/services/auth/common.server";
import { loginWithGoogleProfile } from "~/services/auth/google.server";
import { clearOAuthCookieHeader, completeGoogleSignIn } from "~/services/google-oauth.server";
import { assertSameOriginForm, sessionCookieHeader } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Accesso con Google — Verbale" }, { name: "robots", content: "noindex" }];

/** Where the provider sends the browser back: code and state, or error and error_description. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get("code");
  const providerError = params.has("error") || params.has("error_description");
  const error = providerError ? params.get("error_description") || params.get("error") || MSG.googleCallbackError : code ? null : MSG.googleNoCode;
  return { code: error ? null : code, state: params.get("state") ?? "", error };
}

/** Without JavaScript the in-progress screen posts here; the same services as /api/auth/oauth/login. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const form = await readPageForm(request);
  const code = String(form.get("code") ?? "");
  const state = String(form.get("state") ?? "");
  const headers = new Headers();
  headers.append("Set-Cookie", clearOAuthCookieHeader());
  try {
    if (!code) throw new ApiError(400, MSG.googleNoCode);
    const profile = await completeGoogleSignIn(request, code, state);
    const result = await loginWithGoogleProfile(profile, requestMeta(request, context));
    headers.set("Location", "/dashboard");
    headers.append("Set-Cookie", sessionCookieHeader(result.token, result.expiresAt));
    headers.append("Set-Cookie", flashToastHeader({ type: "success", message: MSG.googleSuccess }));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    headers.set("Location", "/login");
    headers.append(
      "Set-Cookie",
      flashToastHeader({ type: "error", title: MSG.oauthErrorTitle, message: error.message, duration: TOAST_AUTH_ERROR_MS }),
    );
  }
  return new Response(null, { status: 302, headers });
}

const REDIRECT_DELAY_MS = 2500;

export default function GoogleCallback() {
  const { code, state, error: initialError } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { show } = useToast();
  const [error, setError] = useState<string | null>(initialError);
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setError(message);
      show({ type: "error", title: MSG.oauthErrorTitle, message, duration: TOAST_AUTH_ERROR_MS });
      setTimeout(() => navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
    };
    if (initialError || !code) {
      fail(initialError ?? MSG.googleNoCode);
      return;
    }
    void (async () => {
      const result = await callAuthApi("/api/auth/oauth/login", { provider: "google", code, state });
      if (!result.ok) return fail(result.message);
      setDone(true);
      show({ type: "success", message: MSG.googleSuccess });
      navigate("/dashboard", { replace: true });
    })();
  }, [code, state, initialError, navigate, show]);

  return (
    <div className="page flex justify-center py-16">
      <div className="card w-full max-w-md text-center" data-testid="google-callback">
        {error ? (
          <>
            <h1 className="text-xl font-bold text-red-700">{MSG.googleCallbackError}</h1>
            <p className="mt-2 text-slate-700" data-testid="google-callback-error">
              {error}
            </p>
            <a href="/login" className="btn-secondary mt-6">
              Torna all'accesso
            </a>
          </>
        ) : (
          <>
            <div aria-hidden className="mx-auto h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
            <h1 className="mt-4 text-xl font-bold">{done ? MSG.googleSuccess : MSG.googleInProgress}</h1>
            <noscript>
              <Form method="post" reloadDocument className="mt-4">
                <input type="hidden" name="code" value={code ?? ""} />
                <input type="hidden" name="state" value={state} />
                <button type="submit" className="btn-primary">
                  Continua
                </button>
              </Form>
            </noscript>
          </>
        )}
      </div>
    </div>
  );
}
