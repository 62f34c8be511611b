import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { callAuthApi } from "~/lib/auth-client";
import { MSG } from "~/lib/messages";
import { checkForm, loginSchema, registerFormSchema } from "~/lib/validation/auth";
import { TOAST_AUTH_ERROR_MS, useToast } from "./toast";

/**
 * The account forms shared by the auth modal and the /login page. Each one is a real form posting
 * to the /login action (so it works before or without JavaScript); the modal passes onSubmit to
 * handle it through /api/auth/* instead. Submit buttons are disabled until the rules hold, but
 * only once hydrated, so a visitor without JavaScript can always submit and read the server's
 * message.
 */

export type AuthMode = "login" | "register" | "verify-email" | "forgot-password";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function ModeSwitch({ mode, onSwitch, children, testId }: { mode: AuthMode; onSwitch?: (mode: AuthMode) => void; children: ReactNode; testId?: string }) {
  if (onSwitch) {
    return (
      <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => onSwitch(mode)} data-testid={testId}>
        {children}
      </button>
    );
  }
  return (
    <Link to={`/login?mode=${mode}`} className="font-semibold text-brand-700 hover:underline" data-testid={testId}>
      {children}
    </Link>
  );
}

export function PasswordInput({
  id,
  name,
  value,
  onChange,
  autoComplete,
  label,
  error,
  describedBy,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  label: string;
  error?: string;
  /** Id of a hint tied to the field besides its error (e.g. the password rules). */
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          className="input pr-20"
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 px-3 text-xs font-semibold text-slate-600 hover:text-slate-900"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Nascondi password" : "Mostra password"}
          aria-pressed={visible}
        >
          {visible ? "Nascondi" : "Mostra"}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextField(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete?: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        className="input"
        value={props.value}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      {props.error ? (
        <p id={`${props.id}-error`} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

type FormProps<V> = {
  /** Handles the submission in the browser (the modal); without it the form posts to /login. */
  onSubmit?: (values: V) => Promise<void> | void;
  busy?: boolean;
  onSwitch?: (mode: AuthMode) => void;
  /** The server's message of a plain post (the /login page). */
  serverError?: string;
  fieldErrors?: Record<string, string>;
  defaults?: Partial<V>;
  redirectTo?: string;
  idPrefix?: string;
};

function SubmitButton({ disabled, busy, children, testId }: { disabled: boolean; busy?: boolean; children: ReactNode; testId?: string }) {
  return (
    <button type="submit" className="btn-primary w-full py-2.5" disabled={disabled || busy} data-testid={testId}>
      {busy ? "Attendere..." : children}
    </button>
  );
}

function ServerError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
      {message}
    </p>
  ) : null;
}

// ---------------------------------------------------------------- social buttons

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
          <span aria-hidden className="font-bold text-[#4285F4]">G</span> Google
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

// ---------------------------------------------------------------- login

export type LoginValues = { email: string; password: string };

export function LoginForm({ onSubmit, busy, onSwitch, serverError, fieldErrors, defaults, redirectTo, idPrefix = "login" }: FormProps<LoginValues>) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState(defaults?.email ?? "");
  const [password, setPassword] = useState("");
  const ready = email.trim() !== "" && password !== "";
  const submit = (event: FormEvent) => {
    if (!onSubmit) return;
    event.preventDefault();
    // A malformed address still goes to the server, whose 400 names the problem (the button is
    // enabled once both fields are filled, as the spec says; returning here would do nothing).
    const check = checkForm(loginSchema, { email, password });
    void onSubmit(check.ok ? check.data : { email: email.trim(), password });
  };
  return (
    <div className="space-y-5">
      <Form method="post" action="/login" onSubmit={onSubmit ? submit : undefined} className="space-y-4" data-testid="login-form" noValidate>
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ServerError message={serverError} />
        <TextField id={`${idPrefix}-email`} name="email" type="email" label="Email" autoComplete="email" value={email} onChange={setEmail} error={fieldErrors?.email} />
        <PasswordInput id={`${idPrefix}-password`} name="password" label="Password" autoComplete="current-password" value={password} onChange={setPassword} error={fieldErrors?.password} />
        <div className="text-right text-sm">
          <ModeSwitch mode="forgot-password" onSwitch={onSwitch} testId="forgot-link">
            Password dimenticata?
          </ModeSwitch>
        </div>
        <SubmitButton disabled={hydrated && !ready} busy={busy} testId="login-submit">
          Accedi
        </SubmitButton>
      </Form>
      <SocialButtons />
      <p className="text-center text-sm text-slate-600">
        Non hai un account?{" "}
        <ModeSwitch mode="register" onSwitch={onSwitch} testId="to-register">
          Registrati
        </ModeSwitch>
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- register

export type RegisterValues = { name: string; email: string; password: string };

export function RegisterForm({ onSubmit, busy, onSwitch, serverError, fieldErrors, defaults, redirectTo, idPrefix = "register" }: FormProps<RegisterValues>) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ name: defaults?.name ?? "", email: defaults?.email ?? "", password: "", confirmPassword: "", acceptTerms: false });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const set = (key: keyof typeof values) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => ({ ...t, [key]: true }));
  };
  const check = checkForm(registerFormSchema, values);
  const errorOf = (key: string) => fieldErrors?.[key] ?? (touched[key] ? check.fieldErrors[key] : undefined);
  const submit = (event: FormEvent) => {
    if (!onSubmit) return;
    event.preventDefault();
    if (check.ok) void onSubmit(check.data);
  };
  return (
    <div className="space-y-5">
      <Form method="post" action="/login" onSubmit={onSubmit ? submit : undefined} className="space-y-4" data-testid="register-form" noValidate>
        <input type="hidden" name="intent" value="register" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ServerError message={serverError} />
        <TextField id={`${idPrefix}-name`} name="name" label="Nome completo" autoComplete="name" value={values.name} onChange={set("name")} error={errorOf("name")} />
        <TextField id={`${idPrefix}-email`} name="email" type="email" label="Email" autoComplete="email" value={values.email} onChange={set("email")} error={errorOf("email")} />
        <PasswordInput id={`${idPrefix}-password`} name="password" label="Password" autoComplete="new-password" value={values.password} onChange={set("password")} error={errorOf("password")} />
        <PasswordInput
          id={`${idPrefix}-confirm`}
          name="confirmPassword"
          label="Conferma password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={errorOf("confirmPassword")}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="acceptTerms"
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
              checked={values.acceptTerms}
              onChange={(e) => set("acceptTerms")(e.target.checked)}
              data-testid="accept-terms"
              aria-invalid={errorOf("acceptTerms") ? true : undefined}
              aria-describedby={errorOf("acceptTerms") ? `${idPrefix}-terms-error` : undefined}
            />
            <span>
              Accetto i{" "}
              <Link to="/terms-of-service" target="_blank" className="text-brand-700 underline">
                termini di servizio
              </Link>{" "}
              e l'
              <Link to="/privacy-policy" target="_blank" className="text-brand-700 underline">
                informativa sulla privacy
              </Link>
            </span>
          </label>
          {errorOf("acceptTerms") ? (
            <p id={`${idPrefix}-terms-error`} className="field-error">
              {errorOf("acceptTerms")}
            </p>
          ) : null}
        </div>
        <SubmitButton disabled={hydrated && !check.ok} busy={busy} testId="register-submit">
          Registrati
        </SubmitButton>
      </Form>
      <SocialButtons />
      <p className="text-center text-sm text-slate-600">
        Hai già un account?{" "}
        <ModeSwitch mode="login" onSwitch={onSwitch} testId="to-login">
          Accedi
        </ModeSwitch>
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- forgot password

export function ForgotPasswordForm({
  onSubmit,
  busy,
  onSwitch,
  serverError,
  fieldErrors,
  defaults,
  sent,
  idPrefix = "forgot",
}: FormProps<{ email: string }> & { sent?: boolean }) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState(defaults?.email ?? "");
  const submit = (event: FormEvent) => {
    if (!onSubmit) return;
    event.preventDefault();
    if (email.trim()) void onSubmit({ email: email.trim() });
  };
  return (
    <div className="space-y-5">
      {sent ? (
        <div className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900" role="status" data-testid="forgot-sent">
          <p className="font-semibold">{MSG.emailSentSuccess}</p>
          <p className="mt-1">{MSG.resetLinkSentNotice}</p>
          <p className="mt-1 text-xs text-green-800">{MSG.spamHint}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Inserisci l'email del tuo account: ti invieremo un link per reimpostare la password.</p>
      )}
      <Form method="post" action="/login" onSubmit={onSubmit ? submit : undefined} className="space-y-4" data-testid="forgot-form" noValidate>
        <input type="hidden" name="intent" value="forgot" />
        <ServerError message={serverError} />
        <TextField id={`${idPrefix}-email`} name="email" type="email" label="Email" autoComplete="email" value={email} onChange={setEmail} error={fieldErrors?.email} />
        <SubmitButton disabled={hydrated && !email.trim()} busy={busy} testId="forgot-submit">
          {sent ? "Invia di nuovo" : "Invia link di reset"}
        </SubmitButton>
      </Form>
      <p className="text-center text-sm text-slate-600">
        <ModeSwitch mode="login" onSwitch={onSwitch} testId="back-to-login">
          Torna all'accesso
        </ModeSwitch>
      </p>
    </div>
  );
}
