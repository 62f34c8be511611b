import { Form } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { MSG } from "~/lib/messages";
import { ModeSwitch, ServerError, SubmitButton, TextField, useHydrated, type FormProps } from "./fields";

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
