import { useState, type FormEvent } from "react";
import { callAuthApi } from "~/lib/auth-client";
import { MSG } from "~/lib/messages";
import { TOAST_AUTH_ERROR_MS, useToast } from "../toast";

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function SocialButtons() {
  const { show } = useToast();
  const [busy, setBusy] = useState(false);
  const google = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await callAuthApi<{ authUrl?: string }>("/api/auth/google");
    if (!result.ok || !result.data.authUrl) {
      setBusy(false);
      show({ type: "error", title: MSG.oauthErrorTitle, message: MSG.googleAuthUrlUnavailable, duration: TOAST_AUTH_ERROR_MS });
      return;
    }
    if (!isHttpUrl(result.data.authUrl)) {
      setBusy(false);
      show({ type: "error", title: MSG.oauthErrorTitle, message: MSG.googleAuthUrlInvalid, duration: TOAST_AUTH_ERROR_MS });
      return;
    }
    window.location.assign(result.data.authUrl);
  };
  const notYet = (provider: string) => show({ type: "info", message: MSG.socialNotImplemented(provider) });
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        oppure continua con
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <form method="get" action="/api/auth/google" onSubmit={google}>
        <input type="hidden" name="redirect" value="1" />
        <button type="submit" className="btn-secondary w-full" disabled={busy} data-testid="google-login">
          <span aria-hidden className="font-bold text-[#4285F4]">
            G
          </span>{" "}
          Google
        </button>
      </form>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className="btn-secondary" onClick={() => notYet("Facebook")} data-testid="facebook-login">
          Facebook
        </button>
        <button type="button" className="btn-secondary" onClick={() => notYet("LinkedIn")} data-testid="linkedin-login">
          LinkedIn
        </button>
      </div>
    </div>
  );
}
