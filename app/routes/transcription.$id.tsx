import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { GenerateResult } from "~/components/document-actions";
import type { EmailActionResult } from "~/components/email-form";
import { AccessRequired } from "~/components/guards";
import { PipelineProgress } from "~/components/pipeline-progress";
import { TranscriptionResult, type EditResult } from "~/components/transcription-result";
import { errorTextForStatus } from "~/lib/errors";
import { EDIT_TEXT, MSG } from "~/lib/messages";
import { ApiError, readPageForm } from "~/services/api.server";
import { generateDocument } from "~/services/document.server";
import { requestDocumentEmail } from "~/services/email-delivery.server";
import { flashToastHeader } from "~/services/toast.server";
import { applyPageEdit, isPageEditIntent } from "~/services/transcription-edits.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { getTranscriptionDetail, type TranscriptionDetail } from "~/services/transcriptions/detail.server";
import { log } from "~/services/logger.server";
import { applyPageMeeting } from "~/services/meeting.server";
import { isLlmIntent, llmAction } from "~/services/llm-page-actions.server";

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
        headers: {
          "Set-Cookie": flashToastHeader({
            type: "success",
            message: intent === "restore-all" || intent === "restore-segment" ? EDIT_TEXT.restored : EDIT_TEXT.saved,
          }),
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return data({ intent, ok: false, message: error.message } satisfies EditResult, { status: error.status });
      }
      throw error;
    }
  }
  if (intent === "meeting") {
    const outcome = await applyPageMeeting(params.id, user.id, form);
    if (!outcome.ok) return data(outcome.result, { status: outcome.status });
    return redirect(`/transcription/${params.id}`, { headers: { "Set-Cookie": flashToastHeader({ type: "success", message: outcome.message }) } });
  }
  if (isLlmIntent(intent)) return llmAction(intent, params.id, user.id);
  if (intent === "generate") {
    try {
      const file = await generateDocument(params.id, { userId: user.id });
      return { intent: "generate", ok: true, documentPath: file.documentPath } satisfies GenerateResult;
    } catch (error) {
      if (!(error instanceof ApiError)) log.error({ err: error }, "[transcription] documento non generato");
      return data({ intent: "generate", ok: false, message: MSG.documentGenerateError } satisfies GenerateResult, {
        status: error instanceof ApiError ? error.status : 500,
      });
    }
  }
  if (intent === "email") {
    try {
      const view = await requestDocumentEmail(params.id, user.id, {
        email: String(form.get("email") ?? ""),
        subject: String(form.get("subject") ?? ""),
        message: String(form.get("message") ?? ""),
      });
      if (view.status === "FAILED")
        return data({ intent: "email", ok: false, message: MSG.emailSendError } satisfies EmailActionResult, { status: 502 });
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
  return <TranscriptionResult detail={detail} editing={loaded.editing} />;
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
