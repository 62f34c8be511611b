import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { FormField } from "../form-field";

/**
 * The pieces of the account forms (auth modal and /login page). Each form is a real form posting
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

export function ModeSwitch({
  mode,
  onSwitch,
  children,
  testId,
}: {
  mode: AuthMode;
  onSwitch?: (mode: AuthMode) => void;
  children: ReactNode;
  testId?: string;
}) {
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

export function TextField(props: {
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
    <FormField id={props.id} label={props.label} error={props.error}>
      {(control) => (
        <input
          {...control}
          name={props.name}
          type={props.type ?? "text"}
          className="input"
          value={props.value}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

export type FormProps<V> = {
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

export function SubmitButton({ disabled, busy, children, testId }: { disabled: boolean; busy?: boolean; children: ReactNode; testId?: string }) {
  return (
    <button type="submit" className="btn-primary w-full py-2.5" disabled={disabled || busy} data-testid={testId}>
      {busy ? "Attendere..." : children}
    </button>
  );
}

export function ServerError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
      {message}
    </p>
  ) : null;
}
