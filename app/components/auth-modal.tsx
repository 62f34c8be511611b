import { useRevalidator } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { callAuthApi } from "~/lib/auth-client";
import { Dialog } from "./dialog";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";
import type { AuthMode } from "./auth/fields";
import { ForgotPasswordForm } from "./auth/forgot-password-form";
import { LoginForm, type LoginValues } from "./auth/login-form";
import { RegisterForm, type RegisterValues } from "./auth/register-form";
import { TOAST_AUTH_ERROR_MS, useToast } from "./toast";
import { RESEND_COOLDOWN_SECONDS, VerifyEmailForm } from "./verify-email-form";

/**
 * The auth modal (spec 2.4) and its provider. Anything in the page opens it with
 * `useAuthModal().open("login" | "register" | ...)`. It talks to /api/auth/*, which sets the
 * session cookie, then revalidates the page data: once the root loader returns a verified user
 * the modal closes; an unverified one moves it to the verification step.
 */

export type { AuthMode };

type AuthModalContextValue = { open: (mode?: AuthMode) => void; close: () => void; isOpen: boolean };

const AuthModalContext = createContext<AuthModalContextValue>({ open: () => {}, close: () => {}, isOpen: false });

export function useAuthModal() {
  return useContext(AuthModalContext);
}

const titles: Record<AuthMode, string> = {
  login: "Accedi a Verbale",
  register: "Crea il tuo account",
  "verify-email": "Verifica la tua email",
  "forgot-password": "Password dimenticata",
};

export function AuthModalProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const open = useCallback((next: AuthMode = "login") => setMode(next), []);
  const close = useCallback(() => setMode(null), []);

  // Signed in and verified: done. Signed in but unverified: go on to the code.
  useEffect(() => {
    if (!mode || !user) return;
    if (user.isEmailVerified) setMode(null);
    else if (mode !== "verify-email") setMode("verify-email");
  }, [user, mode]);

  const value = useMemo(() => ({ open, close, isOpen: mode !== null }), [open, close, mode]);
  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {mode ? (
        <AuthModal mode={mode} setMode={setMode} onClose={close} user={user} codeSentAt={codeSentAt} onCodeSent={() => setCodeSentAt(Date.now())} />
      ) : null}
    </AuthModalContext.Provider>
  );
}

type ModalProps = {
  mode: AuthMode;
  setMode: (mode: AuthMode) => void;
  onClose: () => void;
  user: SessionUser | null;
  codeSentAt: number | null;
  onCodeSent: () => void;
};

type AuthAnswer = { user: SessionUser; message: string; verificationSent?: boolean };

export function AuthModal({ mode, setMode, onClose, user, codeSentAt, onCodeSent }: ModalProps) {
  const { show } = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [forgotSent, setForgotSent] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => setForgotSent(false), [mode]);

  // Focus the first field of each step (on opening and on every switch between login, register...),
  // so keyboard and screen-reader users are never left on the page behind the overlay.
  useEffect(() => {
    const first = dialogRef.current?.querySelector<HTMLElement>(
      "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]):not([data-close])",
    );
    first?.focus();
  }, [mode]);

  const login = async (values: LoginValues) => {
    setBusy(true);
    const result = await callAuthApi<AuthAnswer>("/api/auth/login", values);
    setBusy(false);
    if (!result.ok) {
      show({ type: "error", title: MSG.loginErrorTitle, message: result.message, duration: TOAST_AUTH_ERROR_MS });
      return;
    }
    if (result.data.user.isEmailVerified) {
      show({ type: "success", message: MSG.loginSuccess });
    } else {
      if (result.data.verificationSent) onCodeSent();
      setPendingEmail(result.data.user.email);
      show({ type: "info", message: result.data.message });
    }
    revalidator.revalidate();
  };

  const register = async (values: RegisterValues) => {
    setBusy(true);
    const result = await callAuthApi<AuthAnswer>("/api/auth/register", values);
    setBusy(false);
    if (!result.ok) {
      show({ type: "error", title: MSG.registerErrorTitle, message: result.message, duration: TOAST_AUTH_ERROR_MS });
      return;
    }
    if (result.data.verificationSent) onCodeSent();
    setPendingEmail(result.data.user.email);
    show({ type: "success", message: MSG.registerSuccess });
    revalidator.revalidate();
  };

  const forgot = async ({ email }: { email: string }) => {
    setBusy(true);
    const result = await callAuthApi<{ message: string }>("/api/auth/forgot-password", { email });
    setBusy(false);
    if (!result.ok) {
      show({ type: "error", title: MSG.forgotErrorTitle, message: result.message || MSG.forgotErrorDefault, duration: TOAST_AUTH_ERROR_MS });
      return;
    }
    setForgotSent(true);
    show({ type: "success", message: MSG.emailSentSuccess });
  };

  const verifyEmail = user?.email ?? pendingEmail;
  const cooldown = codeSentAt ? Math.max(0, RESEND_COOLDOWN_SECONDS - Math.floor((Date.now() - codeSentAt) / 1000)) : 0;

  return (
    <Dialog title={titles[mode]} onClose={onClose} size="sm" testId="auth-modal">
      <div ref={dialogRef}>
        {mode === "login" ? <LoginForm idPrefix="modal-login" onSubmit={login} busy={busy} onSwitch={setMode} /> : null}
        {mode === "register" ? <RegisterForm idPrefix="modal-register" onSubmit={register} busy={busy} onSwitch={setMode} /> : null}
        {mode === "forgot-password" ? (
          <ForgotPasswordForm idPrefix="modal-forgot" onSubmit={forgot} busy={busy} onSwitch={setMode} sent={forgotSent} />
        ) : null}
        {mode === "verify-email" ? (
          verifyEmail ? (
            <VerifyEmailForm email={verifyEmail} initialCooldown={cooldown} onVerified={() => revalidator.revalidate()} />
          ) : (
            <LoginForm idPrefix="modal-login" onSubmit={login} busy={busy} onSwitch={setMode} />
          )
        ) : null}
      </div>
    </Dialog>
  );
}
