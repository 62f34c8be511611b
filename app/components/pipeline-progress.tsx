import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { JOB_STATUS_LABEL, PIPELINE_STAGE_LABEL } from "~/lib/messages";

export type PipelineProgressValue = {
  status: "RECORDING" | "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  stage: string | null;
  progress: number;
  errorMessage: string | null;
};

const POLL_MS = 2000;

/**
 * Live progress of a transcription for the result page, shown while PENDING or PROCESSING:
 * server-sent events from /api/transcription/:id/progress, polling the same URL if the stream
 * cannot be opened. On COMPLETED or FAILED it reloads the page data (loader revalidation).
 */
export function PipelineProgress({ transcriptionId, initial }: { transcriptionId: string; initial: PipelineProgressValue }) {
  const [value, setValue] = useState<PipelineProgressValue>(initial);
  const revalidator = useRevalidator();
  const finished = value.status === "COMPLETED" || value.status === "FAILED";

  useEffect(() => {
    if (initial.status === "COMPLETED" || initial.status === "FAILED") return;
    const url = `/api/transcription/${encodeURIComponent(transcriptionId)}/progress`;
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | undefined;

    const accept = (next: PipelineProgressValue) => {
      if (stopped) return;
      setValue(next);
      if (next.status === "COMPLETED" || next.status === "FAILED") {
        stopped = true;
        source?.close();
      }
    };
    const poll = async () => {
      if (stopped) return;
      try {
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        if (response.ok) accept((await response.json()) as PipelineProgressValue);
      } catch {
        // offline for a moment: the next poll tries again
      }
      if (!stopped) pollTimer = setTimeout(poll, POLL_MS);
    };

    if (typeof EventSource === "function") {
      source = new EventSource(url);
      source.addEventListener("progress", (event) => accept(JSON.parse((event as MessageEvent<string>).data) as PipelineProgressValue));
      source.onerror = () => {
        // The stream closes after the last event; anything else falls back to polling.
        if (stopped) return;
        source?.close();
        source = undefined;
        void poll();
      };
    } else {
      void poll();
    }
    return () => {
      stopped = true;
      source?.close();
      if (pollTimer) clearTimeout(pollTimer);
    };
  }, [transcriptionId, initial.status]);

  useEffect(() => {
    if (finished && revalidator.state === "idle") revalidator.revalidate();
    // Revalidate once per finish, not on every revalidator state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  const percent = Math.max(0, Math.min(100, Math.round(value.progress)));
  const stageLabel = (value.stage && PIPELINE_STAGE_LABEL[value.stage]) || JOB_STATUS_LABEL[value.status];
  const badge =
    value.status === "FAILED"
      ? "badge-danger"
      : value.status === "COMPLETED"
        ? "badge-success"
        : value.status === "PROCESSING"
          ? "badge-warning"
          : "badge-neutral";

  return (
    <section className="card" data-testid="pipeline-progress" data-status={value.status} aria-live="polite">
      <div className="flex items-center justify-between gap-3">
        <span className={badge} data-testid="pipeline-progress-status">
          {JOB_STATUS_LABEL[value.status]}
        </span>
        <span className="text-sm text-slate-600" data-testid="pipeline-stage">
          {stageLabel}
        </span>
      </div>
      {value.status === "FAILED" ? (
        <p className="mt-3 text-sm text-red-700" role="alert" data-testid="pipeline-error">
          {value.errorMessage}
        </p>
      ) : (
        <>
          <div
            className="mt-4 h-2 w-full overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={stageLabel}
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-right text-sm tabular-nums text-slate-700" data-testid="pipeline-percent">
            {percent}%
          </p>
        </>
      )}
    </section>
  );
}
