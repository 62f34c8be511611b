import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ActionItem } from "~/db/schema";
import { EDIT_TEXT, MINUTES_TEXT } from "~/lib/messages";

/**
 * The result page's corrections as plain forms: "Modifica" is a link that opens the form in
 * place (?modifica=…), saving posts it and comes back; with JavaScript the same forms submit
 * without a full reload. Every control is a native input, so the keyboard works as usual.
 */

export type EditError = { intent: string; message: string } | undefined;

/** "Modifica" next to a heading: a link, so it works before JavaScript and from the keyboard. */
export function EditLink({ transcriptionId, target, label, testId }: { transcriptionId: string; target: string; label: string; testId?: string }) {
  return (
    <Link
      to={`/transcription/${transcriptionId}?modifica=${target}`}
      preventScrollReset
      className="text-sm font-medium text-brand-700 hover:underline"
      aria-label={label}
      data-testid={testId}
    >
      {EDIT_TEXT.edit}
    </Link>
  );
}

/** A form that posts one correction; Annulla goes back to reading. */
export function EditForm({
  transcriptionId,
  target,
  intent,
  error,
  children,
  testId,
}: {
  transcriptionId: string;
  target: string;
  intent: string;
  error: EditError;
  children: ReactNode;
  testId?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={`/transcription/${transcriptionId}?modifica=${target}`} preventScrollReset className="space-y-3" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      {error?.intent === intent ? (
        <p role="alert" className="text-sm text-red-700" data-testid="edit-error">
          {error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {EDIT_TEXT.save}
        </button>
        <Link to={`/transcription/${transcriptionId}`} preventScrollReset className="btn-secondary">
          {EDIT_TEXT.cancel}
        </Link>
      </div>
    </Form>
  );
}

/**
 * A card of the minutes (argomenti, decisioni, azioni) with its heading and "Modifica": shows
 * `view`, or, when ?modifica= names this section, the form posting `intent` with `fields`.
 */
export function EditableSection({
  transcriptionId,
  headingId,
  heading,
  target,
  editing,
  intent,
  editLabel,
  editTestId,
  error,
  fields,
  view,
}: {
  transcriptionId: string;
  headingId: string;
  heading: string;
  target: string;
  editing: string | null;
  intent: string;
  editLabel: string;
  editTestId?: string;
  error: EditError;
  fields: ReactNode;
  view: ReactNode;
}) {
  const open = editing === target;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="mb-4 flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
        {open ? null : <EditLink transcriptionId={transcriptionId} target={target} label={editLabel} testId={editTestId} />}
      </div>
      {open ? (
        <EditForm transcriptionId={transcriptionId} target={target} intent={intent} error={error}>
          {fields}
        </EditForm>
      ) : (
        view
      )}
    </section>
  );
}

/** The actions as editable rows (attività, responsabile, scadenza) plus an empty row to add one. */
export function ActionRows({ items }: { items: ActionItem[] }) {
  const rows = [...items, { task: "", owner: null, due: null, timestamp: null }];
  return (
    <div className="space-y-3">
      {rows.map((a, i) => (
        <fieldset key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr]">
          <legend className="sr-only">{i < items.length ? `Azione ${i + 1}` : "Nuova azione"}</legend>
          <label className="text-sm">
            <span className="block text-slate-600">{MINUTES_TEXT.task}</span>
            <input name={`task_${i}`} defaultValue={a.task} className="input w-full" maxLength={500} />
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">{MINUTES_TEXT.owner}</span>
            <input name={`owner_${i}`} defaultValue={a.owner ?? ""} className="input w-full" maxLength={120} />
          </label>
          <label className="text-sm">
            <span className="block text-slate-600">{MINUTES_TEXT.due}</span>
            <input name={`due_${i}`} defaultValue={a.due ?? ""} className="input w-full" maxLength={120} />
          </label>
          <input type="hidden" name={`timestamp_${i}`} value={a.timestamp ?? ""} />
        </fieldset>
      ))}
    </div>
  );
}

/** "Relatori": every speaker of the transcript with a rename form (renames everywhere). */
export function SpeakersPanel({ transcriptionId, speakers, error }: { transcriptionId: string; speakers: string[]; error: EditError }) {
  return (
    <section className="card space-y-3" aria-labelledby="speakers-heading" data-testid="speakers">
      <h2 id="speakers-heading" className="text-lg font-semibold">
        {EDIT_TEXT.speakers}
      </h2>
      {speakers.length === 0 ? <p className="text-sm text-slate-600">{EDIT_TEXT.noSpeakers}</p> : null}
      {speakers.map((name) => (
        <Form
          key={name}
          method="post"
          action={`/transcription/${transcriptionId}`}
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
          data-testid="speaker-rename"
        >
          <input type="hidden" name="intent" value="rename-speaker" />
          <input type="hidden" name="from" value={name} />
          <label className="min-w-0 flex-1 text-sm">
            <span className="block text-slate-600">{name}</span>
            <input name="to" defaultValue={name} required maxLength={60} className="input w-full" aria-label={`Nuovo nome per ${name}`} />
          </label>
          <button type="submit" className="btn-secondary">
            {EDIT_TEXT.rename}
          </button>
        </Form>
      ))}
      {error?.intent === "rename-speaker" ? (
        <p role="alert" className="text-sm text-red-700" data-testid="edit-error">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
