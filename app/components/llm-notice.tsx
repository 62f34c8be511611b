import { Form } from "@remix-run/react";
import { LLM_TEXT } from "~/lib/llm-messages";
import { MINUTES_TEXT } from "~/lib/messages";
import type { LlmMinutesState } from "~/services/llm-minutes.server";
import { ActionItemList, DecisionList } from "./minutes-sections";
import { TopicList } from "./topic-list";

/**
 * Issue 35 on the result page: why the extractive analyzer wrote these minutes instead of the
 * local LLM, «Rigenera con il modello linguistico» once the model is there, and — when the person
 * corrected the minutes while the LLM was writing its own — both versions to compare and choose.
 * Plain forms: they work without JavaScript.
 */
export function LlmNotice({ transcriptionId, llm }: { transcriptionId: string; llm: LlmMinutesState }) {
  if (llm.version) return <LlmVersionChoice transcriptionId={transcriptionId} version={llm.version} />;
  if (!llm.standIn) return null;
  const canRegenerate = llm.modelReady && llm.standIn !== "slow";
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status" data-testid="llm-stand-in">
      <p>{LLM_TEXT.standIn[llm.standIn]}</p>
      {canRegenerate ? (
        <Form method="post" action={`/transcription/${transcriptionId}`} className="mt-2">
          <input type="hidden" name="intent" value="llm-regenerate" />
          <button type="submit" className="btn-secondary" data-testid="llm-regenerate">
            {LLM_TEXT.regenerate}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function LlmVersionChoice({ transcriptionId, version }: { transcriptionId: string; version: NonNullable<LlmMinutesState["version"]> }) {
  return (
    <section
      className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
      data-testid="llm-version"
      aria-labelledby="llm-version-heading"
    >
      <h2 id="llm-version-heading" className="font-semibold">
        {LLM_TEXT.versionReady}
      </h2>
      <p className="mt-1 text-slate-700">{LLM_TEXT.versionReadyHint}</p>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-brand-700">{version.title}</summary>
        <div className="mt-2 space-y-3">
          <p className="whitespace-pre-line">{version.summary}</p>
          <TopicList topics={version.topics} />
          <h3 className="font-semibold">{MINUTES_TEXT.decisions}</h3>
          <DecisionList decisions={version.decisions} />
          <h3 className="font-semibold">{MINUTES_TEXT.actionItems}</h3>
          <ActionItemList items={version.actionItems} />
        </div>
      </details>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={`/transcription/${transcriptionId}`}>
          <input type="hidden" name="intent" value="llm-version-use" />
          <button type="submit" className="btn-primary" data-testid="llm-version-use">
            {LLM_TEXT.useVersion}
          </button>
        </Form>
        <Form method="post" action={`/transcription/${transcriptionId}`}>
          <input type="hidden" name="intent" value="llm-version-keep" />
          <button type="submit" className="btn-secondary" data-testid="llm-version-keep">
            {LLM_TEXT.keepVersion}
          </button>
        </Form>
      </div>
    </section>
  );
}
