import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AudioPlayer, AudioProvider } from "~/components/audio-player";
import { ActionItemList, DecisionList } from "~/components/minutes-sections";
import { ActionRows, EditableSection, EditForm, EditLink, SpeakersPanel, type EditError } from "~/components/minutes-editor";
import { EmailForm, type EmailActionResult } from "~/components/email-form";
import { AccessRequired } from "~/components/guards";
import { PipelineProgress } from "~/components/pipeline-progress";
import { StatusBadge } from "~/components/status-badge";
import { useToast } from "~/components/toast";
import { TopicList } from "~/components/topic-list";
import { TranscriptView } from "~/components/transcript-view";
import { downloadFile } from "~/lib/download";
import { errorTextForStatus } from "~/lib/errors";
import { formatDateTime, formatDuration } from "~/lib/format";
import { EDIT_TEXT, MINUTES_TEXT, MSG } from "~/lib/messages";
import { decisionsToText, topicsToText } from "~/lib/minutes-forms";
import { madeByText, summaryFigures } from "~/lib/topics";
import { ApiError, readPageForm } from "~/services/api.server";
import { generateDocument } from "~/services/document.server";
import { requestDocumentEmail } from "~/services/email-delivery.server";
import { flashToastHeader } from "~/services/toast.server";
import { applyPageEdit, isPageEditIntent, type PageEditIntent } from "~/services/transcription-edits.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { getTranscriptionDetail, type TranscriptionDetail } from "~/services/transcriptions.server";
import { log } from "~/services/logger.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => {
  const detail = d && "detail" in d ? d.detail : undefined;
  const title = detail ? detail.analysis?.title || detail.transcription.title : null;
  return [{ title: `${title || "Trascrizione"} — Verbale` }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { state: "signed-out" as const };
  try {
    const url = new URL(request.url);
    const detail = await getTranscriptionDetail(params.id, { userId: user.id });
    return { state: "ready" as const, detail, editing: url.searchParams.get("modifica") };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return data({ state: "error" as const }, { status: 404 });
    log.error({ err: error, transcriptionId: params.id }, "[transcription] caricamento non riuscito");
    return data({ state: "error" as const }, { status: 500 });
  }
}

type GenerateResult = { intent: "generate"; ok: boolean; message?: string; documentPath?: string };
type EditResult = { intent: PageEditIntent; ok: false; message: string };
type ActionResult = GenerateResult | EmailActionResult | EditResult;

function emailField(message: string): "email" | "subject" | "message" | undefined {
  if (message === MSG.emailInvalid || message === MSG.emailRequired) return "email";
  if (message === MSG.emailSubjectRequired) return "subject";
  if (message === MSG.emailMessageRequired) return "message";
  return undefined;
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(`/transcription/${params.id ?? ""}`)}`);
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (isPageEditIntent(intent)) {
    try {
      const { anchor } = await applyPageEdit(params.id, user.id, intent, form);
      const open = intent === "edit-segment" || intent === "restore-segment" ? "?trascrizione=aperta" : "";
      return redirect(`/transcription/${params.id}${open}${anchor ? `#${anchor}` : ""}`, {
        headers: { "Set-Cookie": flashToastHeader({ type: "success", message: intent === "restore-all" || intent === "restore-segment" ? EDIT_TEXT.restored : EDIT_TEXT.saved }) },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return data({ intent, ok: false, message: error.message } satisfies EditResult, { status: error.status });
      }
      throw error;
    }
  }
  if (intent === "generate") {
    try {
      const file = await generateDocument(params.id, { userId: user.id });
      return { intent: "generate", ok: true, documentPath: file.documentPath } satisfies GenerateResult;
    } catch (error) {
      if (!(error instanceof ApiError)) log.error({ err: error }, "[transcription] documento non generato");
      return data({ intent: "generate", ok: false, message: MSG.documentGenerateError } satisfies GenerateResult, { status: error instanceof ApiError ? error.status : 500 });
    }
  }
  if (intent === "email") {
    try {
      const view = await requestDocumentEmail(params.id, user.id, {
        email: String(form.get("email") ?? ""),
        subject: String(form.get("subject") ?? ""),
        message: String(form.get("message") ?? ""),
      });
      if (view.status === "FAILED") return data({ intent: "email", ok: false, message: MSG.emailSendError } satisfies EmailActionResult, { status: 502 });
      return {
        intent: "email",
        ok: true,
        status: view.status,
        deliveryId: view.deliveryId,
        message: view.status === "SENT" ? MSG.emailSentSuccess : MSG.emailSending,
      } satisfies EmailActionResult;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const message = error.status === 400 ? error.message : errorTextForStatus(error.status, { retryAfter: error.extra.retryAfter });
        return data({ intent: "email", ok: false, message, field: emailField(message) } satisfies EmailActionResult, { status: error.status });
      }
      log.error({ err: error }, "[transcription] email non inviata");
      return data({ intent: "email", ok: false, message: MSG.emailSendError } satisfies EmailActionResult, { status: 500 });
    }
  }
  return data({ intent: "generate", ok: false, message: MSG.documentGenerateError } satisfies GenerateResult, { status: 400 });
}

export default function TranscriptionPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === "signed-out") return <AccessRequired />;
  if (loaded.state === "error") return <LoadError />;
  const { detail } = loaded;
  if (detail.transcription.status !== "COMPLETED") return <InProgress detail={detail} />;
  return <Result detail={detail} editing={loaded.editing} />;
}

function LoadError() {
  return (
    <div className="page flex justify-center py-16">
      <div className="card w-full max-w-lg text-center" role="alert" data-testid="transcription-error">
        <p className="text-slate-800">{MSG.transcriptionLoadError}</p>
        <Link to="/record" className="btn-primary mt-6">
          {MSG.transcriptionNotFoundBack}
        </Link>
      </div>
    </div>
  );
}

/** While the pipeline runs: its live progress; when it failed, the reason and a way back. */
function InProgress({ detail }: { detail: TranscriptionDetail }) {
  const t = detail.transcription;
  const running = t.status === "PENDING" || t.status === "PROCESSING";
  return (
    <div className="page max-w-3xl">
      {running ? (
        // Without JavaScript the page reloads itself until the pipeline is done.
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <h1 className="page-title">{t.title || t.originalName}</h1>
      <div className="mt-6">
        <PipelineProgress
          key={t.status}
          transcriptionId={t.id}
          initial={{ status: t.status, stage: t.stage, progress: t.progress, errorMessage: t.errorMessage }}
        />
      </div>
      {running ? null : (
        <Link to="/record" className="btn-primary mt-6">
          {MSG.transcriptionNotFoundBack}
        </Link>
      )}
    </div>
  );
}

function Result({ detail, editing }: { detail: TranscriptionDetail; editing: string | null }) {
  const t = detail.transcription;
  const analysis = detail.analysis;
  const title = analysis?.title || t.title || t.originalName;
  const figures = summaryFigures(analysis?.summary);
  const madeBy = madeByText(analysis?.engine, analysis?.model);
  const actionData = useActionData<ActionResult>();
  const navigation = useNavigation();
  const toast = useToast();
  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const [downloading, setDownloading] = useState(false);
  const editError: EditError = actionData && actionData.intent !== "generate" && actionData.intent !== "email" && !actionData.ok ? actionData : undefined;
  const editingSegment = editing?.startsWith("segmento-") ? Number(editing.slice("segmento-".length)) : undefined;
  const speakers = [...new Set(t.segments.map((s) => s.speaker).filter((s): s is string => Boolean(s)))];
  const [searchParams] = useSearchParams();
  const documentPath = detail.documentPath;

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

        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <AudioPlayer src={`/api/audio/${t.id}`} label={`Audio: ${t.originalName}`} />

            <section className="card" aria-labelledby="summary-heading">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="summary-heading" className="text-lg font-semibold">
                  Riassunto
                </h2>
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="summary-figures">
                  <span>~{figures.words} parole</span>
                  <span aria-hidden>·</span>
                  <span>{figures.paragraphs} paragrafi</span>
                  {figures.detailed ? <span className="badge-info">{MSG.detailed}</span> : null}
                </div>
              </div>
              {editing === "riassunto" ? (
                <div className="mt-3">
                  <EditForm transcriptionId={t.id} target="riassunto" intent="edit-summary" error={editError}>
                    <label className="sr-only" htmlFor="edit-summary">
                      Riassunto
                    </label>
                    <textarea id="edit-summary" name="summary" defaultValue={analysis?.summary ?? ""} rows={8} maxLength={20000} autoFocus className="input" />
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
                  <textarea id="edit-topics" name="topics" defaultValue={topicsToText(analysis?.topics ?? [])} rows={12} autoFocus className="input font-mono text-sm" />
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
                  <textarea id="edit-decisions" name="decisions" defaultValue={decisionsToText(analysis?.decisions ?? [])} rows={6} autoFocus className="input" />
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

          <aside className="space-y-6">
            <section className="card space-y-3" aria-labelledby="actions-heading">
              <h2 id="actions-heading" className="text-lg font-semibold">
                Documento
              </h2>
              {documentPath ? (
                <>
                  <a
                    href={documentPath}
                    className="btn-primary w-full"
                    data-testid="download-document"
                    aria-busy={downloading || undefined}
                    onClick={async (event) => {
                      event.preventDefault();
                      setDownloading(true);
                      const ok = await downloadFile(documentPath, "document.docx");
                      setDownloading(false);
                      if (!ok) toast.show({ type: "error", message: MSG.documentDownloadError });
                    }}
                  >
                    {MSG.downloadDocument}
                  </a>
                  <details className="group rounded-xl border border-slate-200" data-testid="email-section">
                    <summary className="btn-secondary w-full cursor-pointer list-none">{MSG.sendByEmail}</summary>
                    <div className="p-4">
                      <EmailForm
                        transcriptionId={t.id}
                        hasDocument
                        serverResult={actionData?.intent === "email" ? actionData : undefined}
                      />
                    </div>
                  </details>
                </>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="generate" />
                  <button type="submit" className="btn-primary w-full" disabled={generating} data-testid="generate-document">
                    {generating ? "Generazione in corso..." : MSG.generateDocument}
                  </button>
                </Form>
              )}
              {detail.document && !detail.document.upToDate ? (
                <p className="text-sm text-amber-800" data-testid="document-stale">
                  {EDIT_TEXT.staleDocument}
                </p>
              ) : null}
              {actionData?.intent === "generate" && !actionData.ok ? (
                <p role="alert" className="text-sm text-red-700">
                  {actionData.message}
                </p>
              ) : null}
            </section>

            <SpeakersPanel transcriptionId={t.id} speakers={speakers} error={editError} />

            <section className="card" aria-labelledby="exports-heading">
              <h2 id="exports-heading" className="text-lg font-semibold">
                Esporta la trascrizione
              </h2>
              <div className="mt-3 flex flex-wrap gap-2">
                {(["txt", "srt", "vtt"] as const).map((format) => (
                  <a key={format} href={`/api/transcription/${t.id}/export/${format}`} className="btn-secondary" download>
                    {format.toUpperCase()}
                  </a>
                ))}
              </div>
            </section>
          </aside>
        </div>
      </div>
    </AudioProvider>
  );
}
