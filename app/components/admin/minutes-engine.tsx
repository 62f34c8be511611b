import { ANALYSIS_ENGINE_LABEL } from "~/lib/messages";
import { LLM_TEXT } from "~/lib/llm-messages";
import { formatBytes } from "~/lib/format";
import type { MinutesEngineOverview } from "~/services/admin/llm-engine.server";

/** «Motore del verbale» on the admin overview (issue 35). */
export function MinutesEngineSection({ data }: { data: MinutesEngineOverview }) {
  const label = ANALYSIS_ENGINE_LABEL[data.engine === "extractive" ? "local" : data.engine === "local" ? "llm" : "openai"];
  return (
    <section className="card p-4" data-testid="minutes-engine">
      <h2 className="mb-3 font-semibold">{LLM_TEXT.engineSection}</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">Motore</dt>
        <dd>
          {label}
          {data.model ? <span className="text-slate-500"> ({data.model})</span> : null}
        </dd>
        {data.engine === "local" ? (
          <>
            <dt className="text-slate-500">Modello</dt>
            <dd data-testid="minutes-engine-download">{downloadText(data.download)}</dd>
            <dt className="text-slate-500">Velocità</dt>
            <dd data-testid="minutes-engine-speed">
              {data.speed
                ? `lettura ${Math.round(data.speed.readPerSecond)} token/s · scrittura ${data.speed.writePerSecond.toFixed(1).replace(".", ",")} token/s (${data.speed.threads} thread)`
                : "non ancora misurata"}
            </dd>
            <dt className="text-slate-500">Riunione di 60 minuti</dt>
            <dd data-testid="minutes-engine-estimate">
              {data.sixtyMinutesSeconds === null
                ? "stima non ancora disponibile"
                : `verbale in circa ${minutes(data.sixtyMinutesSeconds)}${data.slow ? ": prima quello dell'analizzatore estrattivo, poi quello del modello linguistico" : ""}`}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function minutes(seconds: number): string {
  return seconds < 90 ? `${seconds} secondi` : `${Math.round(seconds / 60)} minuti`;
}

function downloadText(d: MinutesEngineOverview["download"]): string {
  if (!d) return "non ancora scaricato (il download parte all'avvio del worker)";
  if (d.state === "ready") return "scaricato";
  if (d.state === "failed") return `download non riuscito: ${d.error ?? ""}`.trim();
  const size = d.totalBytes ? ` (${formatBytes(d.receivedBytes ?? 0)} di ${formatBytes(d.totalBytes)})` : "";
  return `download in corso: ${Math.floor(d.fraction * 100)}%${size}`;
}
