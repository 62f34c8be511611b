import { Form, Link } from "@remix-run/react";
import { EDIT_TEXT } from "~/lib/messages";
import type { SegmentView } from "~/services/transcriptions/detail.server";
import { TimestampButton, useAudio } from "./audio-player";
import { EditForm, type EditError } from "./minutes-editor";

/**
 * The full transcription, collapsible (a <details>, so it works without JavaScript too). Each
 * segment shows its speaker and can be corrected in place: "Modifica" opens a form with its text
 * and speaker (?modifica=segmento-N); an edited one can go back to the engine's text.
 */
export function TranscriptView({
  transcriptionId,
  segments,
  text,
  editing,
  error,
  open,
}: {
  transcriptionId: string;
  segments: SegmentView[];
  text: string | null;
  /** Position of the segment being edited, if any. */
  editing?: number;
  error?: EditError;
  open?: boolean;
}) {
  const { currentTime } = useAudio();
  const activeIndex = segments.findIndex(
    (s, i) => currentTime >= s.start && (currentTime < s.end || (i === segments.length - 1 && currentTime <= s.end + 0.5)),
  );
  const speakers = [...new Set(segments.map((s) => s.speaker).filter((s): s is string => Boolean(s)))];
  const nextSpeaker = `Relatore ${speakers.filter((s) => /^Relatore \d+$/.test(s)).length + 1}`;
  return (
    <details className="card group" data-testid="transcript" open={open || editing !== undefined || undefined}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-lg font-semibold">
        Trascrizione completa
        <span aria-hidden className="text-sm text-slate-500 transition group-open:rotate-180">
          ▼
        </span>
      </summary>
      <datalist id="speaker-names">
        {[...speakers, nextSpeaker].map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="mt-4 space-y-2">
        {segments.length > 0 ? (
          segments.map((s, i) =>
            editing === s.position ? (
              <div key={s.position} id={`segmento-${s.position}`} className="rounded-lg bg-slate-50 p-3" data-testid="segment-editor">
                <EditForm transcriptionId={transcriptionId} target={`segmento-${s.position}`} intent="edit-segment" error={error}>
                  <input type="hidden" name="position" value={s.position} />
                  <label className="label" htmlFor={`speaker-${s.position}`}>
                    {EDIT_TEXT.speaker}
                  </label>
                  <input
                    id={`speaker-${s.position}`}
                    name="speaker"
                    list="speaker-names"
                    defaultValue={s.speaker ?? ""}
                    maxLength={60}
                    className="input"
                  />
                  <label className="label" htmlFor={`text-${s.position}`}>
                    Testo del segmento ({formatStart(s.start)})
                  </label>
                  <textarea
                    id={`text-${s.position}`}
                    name="text"
                    defaultValue={s.text}
                    rows={4}
                    maxLength={20000}
                    required
                    autoFocus
                    className="input"
                  />
                </EditForm>
              </div>
            ) : (
              <div
                key={s.position}
                id={`segmento-${s.position}`}
                data-testid="segment"
                data-active={i === activeIndex ? "true" : undefined}
                aria-current={i === activeIndex ? "true" : undefined}
                className={`group/segment flex gap-3 rounded-lg px-2 py-1 leading-relaxed transition ${i === activeIndex ? "bg-yellow-100 ring-1 ring-yellow-300" : ""}`}
              >
                <span className="shrink-0 pt-0.5">
                  <TimestampButton seconds={s.start} />
                </span>
                <p className="min-w-0 flex-1">
                  {s.speaker ? (
                    <strong className="font-semibold text-slate-900" data-testid="segment-speaker">
                      {s.speaker}:{" "}
                    </strong>
                  ) : null}
                  <span data-testid="segment-text">{s.text}</span>
                  {s.originalText ? (
                    <span className="ml-2 text-xs text-slate-500" data-testid="segment-edited">
                      (modificato)
                    </span>
                  ) : null}
                </p>
                <span className="flex shrink-0 items-start gap-2">
                  <Link
                    to={`/transcription/${transcriptionId}?modifica=segmento-${s.position}#segmento-${s.position}`}
                    preventScrollReset
                    className="text-sm font-medium text-brand-700 hover:underline"
                    aria-label={`Modifica il segmento delle ${formatStart(s.start)}`}
                    data-testid="edit-segment"
                  >
                    {EDIT_TEXT.edit}
                  </Link>
                  {s.originalText ? (
                    <Form method="post" action={`/transcription/${transcriptionId}`} preventScrollReset>
                      <input type="hidden" name="intent" value="restore-segment" />
                      <input type="hidden" name="position" value={s.position} />
                      <button type="submit" className="text-sm font-medium text-slate-600 hover:underline" title={`Originale: ${s.originalText}`}>
                        {EDIT_TEXT.restore}
                      </button>
                    </Form>
                  ) : null}
                </span>
              </div>
            ),
          )
        ) : (
          <p className="whitespace-pre-line leading-relaxed">{text ?? ""}</p>
        )}
      </div>
    </details>
  );
}

function formatStart(seconds: number): string {
  const s = Math.floor(seconds);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
