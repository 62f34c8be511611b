import { useEffect, useRef, useState, type FormEvent } from "react";
import { callAuthApi, retryAfterOf } from "~/lib/auth-client";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";
import { CodeInput, type CodeInputHandle } from "./code-input";
import { TOAST_AUTH_ERROR_MS, useToast } from "./toast";

export const RESEND_COOLDOWN_SECONDS = 60;

/** Seconds counting down to 0, once a second. */
export function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((v) => Math.max(0, v - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * The e-mail verification form: six boxes that submit themselves, resend with a 60-second
 * 'Riprova tra Ns' countdown, spam hint. Posts to /login as a plain form when JavaScript is off.
 */
export function VerifyEmailForm({
  email,
  initialCooldown = 0,
  onVerified,
  autoFocus = true,
}: {
  email: string;
  initialCooldown?: number;
  onVerified: (user: SessionUser) => void;
  autoFocus?: boolean;
}) {
  const { show } = useToast();
  const codeRef = useRef<CodeInputHandle>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [cooldown, setCooldown] = useCountdown(initialCooldown);

  const verify = async (value: string) => {
    if (busy || value.length !== 6) return;
    setBusy(true);
    const result = await callAuthApi<{ user: SessionUser; message: string }>("/api/auth/verify-email", { email, code: value });
    setBusy(false);
    if (result.ok) {
      show({ type: "success", message: MSG.emailVerified });
      onVerified(result.data.user);
      return;
    }
    show({ type: "error", title: MSG.verifyErrorTitle, message: result.message, duration: TOAST_AUTH_ERROR_MS });
    setCode("");
    codeRef.current?.clear();
  };

  const resend = async () => {
    if (resending || cooldown > 0) return;
    setResending(true);
    const result = await callAuthApi<{ message: string; retryAfter?: number }>("/api/auth/resend-verification", { email });
    setResending(false);
    if (result.ok) {
      show({ type: "success", message: MSG.verificationSent });
      setCooldown(result.data.retryAfter ?? RESEND_COOLDOWN_SECONDS);
      codeRef.current?.clear();
      return;
    }
    const wait = retryAfterOf(result);
    if (wait) setCooldown(wait);
    show({ type: "error", title: MSG.sendEmailErrorTitle, message: result.message, duration: TOAST_AUTH_ERROR_MS });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <div className="space-y-5" data-testid="verify-email-form">
      <p className="text-center text-sm text-slate-600">
        Abbiamo inviato un codice a 6 cifre a <strong className="text-slate-900">{email}</strong>. Inseriscilo qui sotto per verificare il tuo
        indirizzo.
      </p>
      <form method="post" action="/login" onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="email" value={email} />
        <CodeInput ref={codeRef} onChange={setCode} onComplete={(c) => void verify(c)} disabled={busy} autoFocus={autoFocus} />
        <button type="submit" className="btn-primary w-full" disabled={busy || code.length !== 6}>
          {busy ? "Verifica in corso..." : "Verifica email"}
        </button>
      </form>
      <form method="post" action="/login" onSubmit={(e) => (e.preventDefault(), void resend())} className="text-center">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="btn-ghost text-brand-700" disabled={resending || cooldown > 0} data-testid="resend-code">
          {cooldown > 0 ? MSG.retryIn(cooldown) : "Invia di nuovo il codice"}
        </button>
      </form>
      <p className="text-center text-xs text-slate-500">{MSG.spamHint}</p>
    </div>
  );
}
