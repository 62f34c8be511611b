import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { readApiResponse } from "~/lib/errors";
import { MSG } from "~/lib/messages";
import { FormField } from "./form-field";
import { useToast } from "./toast";

export type EmailActionResult =
  | { intent: "email"; ok: true; status: "SENT" | "PENDING"; deliveryId: string; message: string }
  | { intent: "email"; ok: false; message: string; field?: "email" | "subject" | "message" };

type Errors = Partial<Record<"email" | "subject" | "message", string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmailForm(values: { email: string; subject: string; message: string }): Errors {
  const errors: Errors = {};
  if (!values.email.trim()) errors.email = MSG.emailRequired;
  else if (!EMAIL_RE.test(values.email.trim())) errors.email = MSG.emailInvalid;
  if (!values.subject.trim()) errors.subject = MSG.emailSubjectRequired;
  if (!values.message.trim()) errors.message = MSG.emailMessageRequired;
  return errors;
}

/**
 * "Invia via Email": address, subject and message (defaults from the spec). Validates before
 * sending; shows the real outcome, polling the delivery while the server retries.
 * `serverResult` is the page's action data when the form was posted without JavaScript.
 */
export function EmailForm({
  transcriptionId,
  hasDocument,
  serverResult,
}: {
  transcriptionId: string;
  hasDocument: boolean;
  serverResult?: EmailActionResult;
}) {
  const fetcher = useFetcher<EmailActionResult>();
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const handled = useRef<unknown>(null);
  const result = fetcher.data ?? serverResult;

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.status === "SENT") {
      setOutcome({ ok: true, message: MSG.emailSentSuccess });
      toast.show({ type: "success", message: MSG.emailSentSuccess });
      setEmail("");
    } else if (result.ok) {
      setPending(result.deliveryId);
      setOutcome(null);
    } else {
      if (result.field) setErrors({ [result.field]: result.message });
      setOutcome({ ok: false, message: result.message });
      toast.show({ type: "error", message: result.message });
    }
  }, [result, toast]);

  // While the server retries a transient failure, ask for the delivery's status.
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/document/${transcriptionId}/email?delivery=${pending}`, { headers: { Accept: "application/json" } }).catch(
        () => null,
      );
      if (!response || stopped) return;
      const read = await readApiResponse<{ status: string }>(response);
      if (read.ok && read.data.status === "SENT") {
        setPending(null);
        setOutcome({ ok: true, message: MSG.emailSentSuccess });
        toast.show({ type: "success", message: MSG.emailSentSuccess });
        setEmail("");
      } else if (!read.ok) {
        setPending(null);
        setOutcome({ ok: false, message: MSG.emailSendError });
        toast.show({ type: "error", message: MSG.emailSendError });
      }
    }, 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pending, transcriptionId, toast]);

  const busy = fetcher.state !== "idle" || pending !== null;

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4"
      data-testid="email-form"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const values = {
          email: String(form.get("email") ?? ""),
          subject: String(form.get("subject") ?? ""),
          message: String(form.get("message") ?? ""),
        };
        if (!hasDocument) {
          event.preventDefault();
          setOutcome({ ok: false, message: MSG.generateDocumentFirst });
          return;
        }
        const found = validateEmailForm(values);
        setErrors(found);
        setOutcome(null);
        if (Object.keys(found).length > 0) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="email" />
      <FormField id="email-to" label="Indirizzo email" error={errors.email}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            className="input"
            autoComplete="email"
            placeholder="nome@esempio.it"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="email-subject" label="Oggetto" error={errors.subject}>
        {(control) => <input {...control} name="subject" className="input" defaultValue={MSG.defaultEmailSubject} />}
      </FormField>
      <FormField id="email-message" label="Messaggio" error={errors.message}>
        {(control) => <textarea {...control} name="message" rows={5} className="input" defaultValue={MSG.defaultEmailMessage} />}
      </FormField>
      {outcome ? (
        <p
          role={outcome.ok ? "status" : "alert"}
          data-testid="email-outcome"
          className={outcome.ok ? "text-sm font-medium text-green-700" : "text-sm font-medium text-red-700"}
        >
          {outcome.message}
        </p>
      ) : pending ? (
        <p role="status" className="text-sm text-slate-600">
          {MSG.emailSending}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? MSG.emailSending : MSG.sendByEmail}
      </button>
    </fetcher.Form>
  );
}
