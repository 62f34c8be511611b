import { Form } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { MEETING_MODES, MEETING_TYPE_LABELS, MEETING_TYPES, type MeetingDetails } from "~/lib/meeting";
import {
  checkMeeting,
  isEmptyMeeting,
  MEETING_FORM_FIELDS,
  meetingFromForm,
  meetingToFormValues,
  type MeetingActionResult,
  type MeetingFormValues,
} from "~/lib/meeting-form";
import { MEETING_MODE_LABELS, MEETING_TEXT } from "~/lib/meeting-text";

/** A refusal of the details, from the browser's check or the server's answer. */
export type MeetingFieldError = { field: string; message: string };

type FieldKey = keyof typeof MEETING_FORM_FIELDS;

/**
 * The «Dati della riunione» inputs (issue 31), the same on /record and on the result page: plain
 * named controls, so a form posts them without JavaScript. The error sits under its field.
 */
export function MeetingFields({ values, error, idPrefix }: { values: MeetingFormValues; error?: MeetingFieldError; idPrefix: string }) {
  const id = (key: FieldKey) => `${idPrefix}-${MEETING_FORM_FIELDS[key]}`;
  const errorOf = (key: FieldKey) => (error?.field === key ? error.message : undefined);
  const general = error && !(error.field in MEETING_FORM_FIELDS) ? error.message : undefined;
  const field = (key: FieldKey, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => {
    const message = errorOf(key);
    const describedBy = [hint ? `${id(key)}-hint` : "", message ? `${id(key)}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className={key === "attendees" || key === "absentees" || key === "agenda" || key === "place" ? "sm:col-span-2" : ""}>
        <label htmlFor={id(key)} className="label">
          {label}
        </label>
        {hint ? (
          <p id={`${id(key)}-hint`} className="mb-1 text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
        {control({
          id: id(key),
          name: MEETING_FORM_FIELDS[key],
          defaultValue: values[key],
          "aria-invalid": message ? true : undefined,
          "aria-describedby": describedBy,
          className: "input",
        })}
        {message ? (
          <p id={`${id(key)}-error`} className="field-error" data-testid="meeting-field-error">
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="space-y-4">
      {general ? (
        <p role="alert" className="field-error" data-testid="meeting-field-error">
          {general}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("type", MEETING_TEXT.type, (p) => (
          <select {...p}>
            {MEETING_TYPES.map((type) => (
              <option key={type} value={type}>
                {MEETING_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        ))}
        {field("mode", MEETING_TEXT.mode, (p) => (
          <select {...p}>
            <option value="">{MEETING_TEXT.modeUnset}</option>
            {MEETING_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {MEETING_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        ))}
        {field("date", MEETING_TEXT.date, (p) => (
          <input type="date" {...p} />
        ))}
        <div className="grid grid-cols-2 gap-4">
          {field("startTime", MEETING_TEXT.startTime, (p) => (
            <input type="time" {...p} />
          ))}
          {field("endTime", MEETING_TEXT.endTime, (p) => (
            <input type="time" {...p} />
          ))}
        </div>
        {field("place", MEETING_TEXT.place, (p) => (
          <input type="text" maxLength={200} {...p} />
        ))}
        {field("chair", MEETING_TEXT.chair, (p) => (
          <input type="text" maxLength={200} {...p} />
        ))}
        {field("secretary", MEETING_TEXT.secretary, (p) => (
          <input type="text" maxLength={200} {...p} />
        ))}
        {field(
          "agenda",
          MEETING_TEXT.agenda,
          (p) => (
            <textarea rows={5} {...p} />
          ),
          MEETING_TEXT.agendaHint,
        )}
        {field(
          "attendees",
          MEETING_TEXT.attendees,
          (p) => (
            <textarea rows={4} {...p} />
          ),
          MEETING_TEXT.participantsHint,
        )}
        {field(
          "absentees",
          MEETING_TEXT.absentees,
          (p) => (
            <textarea rows={2} {...p} />
          ),
          MEETING_TEXT.participantsHint,
        )}
        {field(
          "speakerCount",
          MEETING_TEXT.speakerCount,
          (p) => (
            <input type="number" min={1} max={50} step={1} inputMode="numeric" {...p} />
          ),
          MEETING_TEXT.speakerCountHint,
        )}
      </div>
    </div>
  );
}

type ControlProps = {
  id: string;
  name: string;
  defaultValue: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

function focusField(container: HTMLElement | null, field: string) {
  const name = MEETING_FORM_FIELDS[field as FieldKey];
  if (name) container?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
}

/** Checks the /record form: the details to send, null when left empty, false when refused (shown). */
export type MeetingCheckRef = { current: (() => MeetingDetails | null | false) | undefined };

/**
 * «Dati della riunione» on /record, collapsed until opened: checked in the browser with the
 * server's rules before a recording starts or a file is sent, so a mistake is shown at its field
 * instead of after an hour of recording.
 */
export function RecordMeetingDetails({ checker }: { checker: MeetingCheckRef }) {
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<MeetingFieldError>();
  const [open, setOpen] = useState(false);
  checker.current = () => {
    if (!form.current) return null;
    const checked = checkMeeting(meetingFromForm(new FormData(form.current)));
    if (!checked.ok) {
      setError(checked);
      setOpen(true);
      // After React shows the message: the field gets the focus, its error is read out.
      setTimeout(() => focusField(form.current, checked.field), 0);
      return false;
    }
    setError(undefined);
    return isEmptyMeeting(checked.meeting) ? null : checked.meeting;
  };
  return (
    <form ref={form} className="card" onSubmit={(e) => e.preventDefault()} data-testid="meeting-form" noValidate>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-lg font-semibold" data-testid="meeting-toggle">
          {MEETING_TEXT.title}
        </summary>
        <p className="mb-4 mt-2 text-sm text-slate-600">{MEETING_TEXT.hint}</p>
        <MeetingFields values={meetingToFormValues(null)} error={error} idPrefix="record" />
      </details>
    </form>
  );
}

/**
 * The details on the result page: an editable form (Remix Form, works without JavaScript),
 * collapsed unless an answer needs it open; with minutes corrected by hand and a new agenda, the
 * action asks first and this offers «Rifai il verbale» or saving without re-making them.
 */
export function MeetingEditor({
  transcriptionId,
  meeting,
  result,
}: {
  transcriptionId: string;
  meeting: MeetingDetails | null;
  result?: MeetingActionResult;
}) {
  const values = result?.values ?? meetingToFormValues(meeting);
  const error = result && !result.confirm ? { field: result.field ?? "meeting", message: result.message } : undefined;
  return (
    // Keyed on the saved details: after a save it comes back collapsed, after a refusal it stays open.
    <details key={JSON.stringify(meeting)} open={Boolean(result)} data-testid="meeting-editor">
      <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">{MEETING_TEXT.edit}</summary>
      <Form method="post" action={`/transcription/${transcriptionId}`} preventScrollReset className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="meeting" />
        {result?.confirm ? (
          <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="meeting-confirm">
            <p className="font-semibold">{MEETING_TEXT.confirmTitle}</p>
            <p className="mt-1">{MEETING_TEXT.confirmText}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="replace" value="yes" className="btn-primary" data-testid="meeting-replace">
                {MEETING_TEXT.confirmReplace}
              </button>
              <button type="submit" name="replace" value="no" className="btn-secondary" data-testid="meeting-keep">
                {MEETING_TEXT.confirmKeep}
              </button>
            </div>
          </div>
        ) : null}
        <MeetingFields key={JSON.stringify(values)} values={values} error={error} idPrefix="result" />
        <button type="submit" className="btn-primary" data-testid="meeting-save">
          {MEETING_TEXT.save}
        </button>
      </Form>
    </details>
  );
}
