import { Form, Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { checkForm, registerFormSchema } from "~/lib/validation/auth";
import { ModeSwitch, PasswordInput, ServerError, SubmitButton, TextField, useHydrated, type FormProps } from "./fields";
import { SocialButtons } from "./social-buttons";

export type RegisterValues = { name: string; email: string; password: string };

export function RegisterForm({
  onSubmit,
  busy,
  onSwitch,
  serverError,
  fieldErrors,
  defaults,
  redirectTo,
  idPrefix = "register",
}: FormProps<RegisterValues>) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({
    name: defaults?.name ?? "",
    email: defaults?.email ?? "",
    password: "",
    confirmPassword: "",
    acceptTerms: false,
  });
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
        <TextField
          id={`${idPrefix}-name`}
          name="name"
          label="Nome completo"
          autoComplete="name"
          value={values.name}
          onChange={set("name")}
          error={errorOf("name")}
        />
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errorOf("email")}
        />
        <PasswordInput
          id={`${idPrefix}-password`}
          name="password"
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={set("password")}
          error={errorOf("password")}
        />
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
