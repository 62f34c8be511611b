import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { formatCount, formatDate, formatDateTime, formatDuration } from "~/lib/format";
import { EDIT_TEXT, MINUTES_TEXT, MSG } from "~/lib/messages";
import type { MeetingActionResult } from "~/lib/meeting-form";
import { MEETING_TEXT } from "~/lib/meeting-text";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { decisionsToText, topicsToText } from "~/lib/minutes-forms";
import { madeByText, summaryFigures } from "~/lib/topics";
import type { PageEditIntent } from "~/services/transcription-edits.server";
import type { TranscriptionDetail } from "~/services/transcriptions/detail.server";
import { AudioPlayer, AudioProvider } from "./audio-player";
import { DocumentActions, type GenerateResult } from "./document-actions";
import type { EmailActionResult } from "./email-form";
import { ActionRows, EditableSection, EditForm, EditLink, SpeakersPanel, type EditError } from "./minutes-editor";
import { LlmNotice } from "./llm-notice";
import { ActionItemList, DecisionList } from "./minutes-sections";
import { MeetingEditor } from "./meeting-fields";
import { AgendaMinutes, MeetingSummary } from "./meeting-view";
import { StatusBadge } from "./status-badge";
import { useToast } from "./toast";
import { TopicList } from "./topic-list";
import { TranscriptView } from "./transcript-view";

export type EditResult = { intent: PageEditIntent; ok: false; message: string };
/** Every answer of the result page's action. */
export type ResultActionData = GenerateResult | EmailActionResult | EditResult | MeetingActionResult;

/**
 * A completed transcription: title, player, minutes, transcript, and the document actions.
 * Desktop: two columns (the minutes, the actions beside them). Phone: one column in the order a
 * user needs it — the player (sticky, so a time clicked far down the transcript plays in sight),
 * the document, e-mail and export actions, then the minutes and the transcript.
 */
export function TranscriptionResult({ detail, editing }: { detail: TranscriptionDetail; editing: string | null }) {
  const t = detail.transcription;
  const analysis = detail.analysis;
  const title = analysis?.title || t.title || t.originalName;
  const figures = summaryFigures(analysis?.summary);
  const madeBy = madeByText(analysis?.engine, analysis?.model);
  const actionData = useActionData<ResultActionData>();
  const toast = useToast();
  const editError: EditError =
    actionData && actionData.intent !== "generate" && actionData.intent !== "email" && actionData.intent !== "meeting" && !actionData.ok
      ? actionData
      : undefined;
  const editingSegment = editing?.startsWith("segmento-") ? Number(editing.slice("segmento-".length)) : undefined;
  const speakers = [...new Set(t.segments.map((s) => s.speaker).filter((s): s is string => Boolean(s)))];
  const [searchParams] = useSearchParams();

  useEffect(() => {
    if (actionData?.intent === "generate" && !actionData.ok) toast.show({ type: "error", message: actionData.message ?? MSG.documentGenerateError });
  }, [actionData, toast]);

  return (
    <AudioProvider>
      <div className="page">
        <Link to="/recordings" className="text-sm font-medium text-brand-700 hover:underline">
          ← Le mie trascrizioni
        </Link>
        <header className="mt-3 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            {editing === "titolo" ? (
              <EditForm transcriptionId={t.id} target="titolo" intent="edit-title" error={editError} testId="title-editor">
                <label className="label" htmlFor="edit-title">
                  Titolo
                </label>
                <input id="edit-title" name="title" defaultValue={title} required maxLength={200} autoFocus className="input text-lg" />
              </EditForm>
            ) : (
              <div className="flex flex-wrap items-baseline gap-3">
                <h1 className="page-title" data-testid="transcription-title">
                  {title}
                </h1>
                <EditLink transcriptionId={t.id} target="titolo" label="Modifica il titolo" testId="edit-title" />
              </div>
            )}
            <p className="mt-1 text-sm text-slate-600">
              {formatDateTime(t.createdAt)} · Durata {formatDuration(t.duration)}
            </p>
            {t.edited ? (
              <p className="mt-1 text-sm text-slate-600" data-testid="edited-by">
                {EDIT_TEXT.edited(t.edited.by, formatDateTime(t.edited.at))}
              </p>
            ) : null}
          </div>
          <StatusBadge status={t.status} />
        </header>

        {/* Block flow on phones (so the player can stick over the whole page), a grid from lg. */}
        <div className="mt-6 space-y-6 lg:grid lg:grid-cols-3 lg:items-start lg:gap-6 lg:space-y-0">
          <div
            className="sticky top-16 z-30 -mx-4 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:col-span-2 lg:mx-0 lg:bg-transparent lg:p-0"
            data-testid="player-bar"
          >
            {t.audioDeletedAt ? (
              <p className="card text-sm text-slate-600" data-testid="audio-deleted">
                {PRIVACY_TEXT.audioDeletedOn(formatDate(t.audioDeletedAt))}
              </p>
            ) : (
              <AudioPlayer src={`/api/audio/${t.id}`} label={`Audio: ${t.originalName}`} />
            )}
          </div>

          <aside className="space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
            <DocumentActions
              transcriptionId={t.id}
              documentPath={detail.documentPath}
              documentStale={Boolean(detail.document && !detail.document.upToDate)}
              generateResult={actionData?.intent === "generate" ? actionData : undefined}
              emailResult={actionData?.intent === "email" ? actionData : undefined}
            />
            <SpeakersPanel transcriptionId={t.id} speakers={speakers} error={editError} />
          </aside>

          <div className="space-y-6 lg:col-span-2 lg:row-start-2">
            <section className="card space-y-4" aria-labelledby="meeting-heading" data-testid="meeting-section">
              <h2 id="meeting-heading" className="text-lg font-semibold">
                {MEETING_TEXT.title}
              </h2>
              <MeetingSummary meeting={t.meeting} />
              <MeetingEditor transcriptionId={t.id} meeting={t.meeting} result={actionData?.intent === "meeting" ? actionData : undefined} />
            </section>
            {t.meeting?.agenda?.length && analysis ? (
              <section className="card" aria-labelledby="agenda-heading">
                <h2 id="agenda-heading" className="text-lg font-semibold">
                  {MEETING_TEXT.agenda}
                </h2>
                <div className="mt-3">
                  <AgendaMinutes agenda={t.meeting.agenda} minutes={analysis} />
                </div>
              </section>
            ) : null}
            <section className="card" aria-labelledby="summary-heading">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="summary-heading" className="text-lg font-semibold">
                  Riassunto
                </h2>
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="summary-figures">
                  <span>~{formatCount(figures.words, "parola", "parole")}</span>
                  <span aria-hidden>·</span>
                  <span>{formatCount(figures.paragraphs, "paragrafo", "paragrafi")}</span>
                  {figures.detailed ? <span className="badge-info">{MSG.detailed}</span> : null}
                </div>
              </div>
              {editing === "riassunto" ? (
                <div className="mt-3">
                  <EditForm transcriptionId={t.id} target="riassunto" intent="edit-summary" error={editError}>
                    <label className="sr-only" htmlFor="edit-summary">
                      Riassunto
                    </label>
                    <textarea
                      id="edit-summary"
                      name="summary"
                      defaultValue={analysis?.summary ?? ""}
                      rows={8}
                      maxLength={20000}
                      autoFocus
                      className="input"
                    />
                  </EditForm>
                </div>
              ) : (
                <>
                  <p className="mt-3 whitespace-pre-line leading-relaxed" data-testid="summary">
                    {analysis?.summary || "Nessun riassunto disponibile."}
                  </p>
                  <p className="mt-2">
                    <EditLink transcriptionId={t.id} target="riassunto" label="Modifica il riassunto" />
                  </p>
                </>
              )}
            </section>

            <EditableSection
              transcriptionId={t.id}
              headingId="topics-heading"
              heading="Argomenti"
              target="argomenti"
              editing={editing}
              intent="edit-topics"
              editLabel="Modifica gli argomenti"
              error={editError}
              fields={
                <>
                  <label className="label" htmlFor="edit-topics">
                    Un argomento per riga che inizia con #, poi i suoi punti chiave, uno per riga
                  </label>
                  <textarea
                    id="edit-topics"
                    name="topics"
                    defaultValue={topicsToText(analysis?.topics ?? [])}
                    rows={12}
                    autoFocus
                    className="input font-mono text-sm"
                  />
                </>
              }
              view={<TopicList topics={analysis?.topics ?? []} />}
            />

            <EditableSection
              transcriptionId={t.id}
              headingId="decisions-heading"
              heading={MINUTES_TEXT.decisions}
              target="decisioni"
              editing={editing}
              intent="edit-decisions"
              editLabel="Modifica le decisioni"
              editTestId="edit-decisions"
              error={editError}
              fields={
                <>
                  <label className="label" htmlFor="edit-decisions">
                    {EDIT_TEXT.onePerLine}
                  </label>
                  <textarea
                    id="edit-decisions"
                    name="decisions"
                    defaultValue={decisionsToText(analysis?.decisions ?? [])}
                    rows={6}
                    autoFocus
                    className="input"
                  />
                </>
              }
              view={<DecisionList decisions={analysis?.decisions ?? []} />}
            />

            <EditableSection
              transcriptionId={t.id}
              headingId="action-items-heading"
              heading={MINUTES_TEXT.actionItems}
              target="azioni"
              editing={editing}
              intent="edit-actions"
              editLabel="Modifica le azioni da fare"
              editTestId="edit-actions"
              error={editError}
              fields={<ActionRows items={analysis?.actionItems ?? []} />}
              view={<ActionItemList items={analysis?.actionItems ?? []} />}
            />

            {madeBy ? (
              <p className="text-sm text-slate-600" data-testid="analysis-engine">
                {madeBy}
              </p>
            ) : null}
            {analysis ? <LlmNotice transcriptionId={t.id} llm={analysis.llm} /> : null}
            {analysis?.edited || t.segments.some((s) => s.originalText) ? (
              <Form method="post" action={`/transcription/${t.id}`} preventScrollReset>
                <input type="hidden" name="intent" value="restore-all" />
                <button type="submit" className="btn-secondary" data-testid="restore-all">
                  {EDIT_TEXT.restore}
                </button>
              </Form>
            ) : null}

            <TranscriptView
              transcriptionId={t.id}
              segments={t.segments}
              text={t.text}
              editing={Number.isInteger(editingSegment) ? editingSegment : undefined}
              error={editError}
              open={searchParams.get("trascrizione") === "aperta"}
            />
          </div>
        </div>
      </div>
    </AudioProvider>
  );
}
