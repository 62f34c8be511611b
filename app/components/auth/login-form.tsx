import { Form } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { checkForm, loginSchema } from "~/lib/validation/auth";
import { ModeSwitch, PasswordInput, ServerError, SubmitButton, TextField, useHydrated, type FormProps } from "./fields";
import { SocialButtons } from "./social-buttons";

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
        <TextField
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={fieldErrors?.email}
        />
        <PasswordInput
          id={`${idPrefix}-password`}
          name="password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors?.password}
        />
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
