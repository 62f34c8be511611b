import type { SegmentView } from "~/services/transcriptions.server";
import { TimestampButton, useAudio } from "./audio-player";

/** The full transcription, collapsible (a <details>, so it works without JavaScript too). */
export function TranscriptView({ segments, text }: { segments: SegmentView[]; text: string | null }) {
  const { currentTime } = useAudio();
  const activeIndex = segments.findIndex((s, i) => currentTime >= s.start && (currentTime < s.end || (i === segments.length - 1 && currentTime <= s.end + 0.5)));
  return (
    <details className="card group" data-testid="transcript">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-lg font-semibold">
        Trascrizione completa
        <span aria-hidden className="text-sm text-slate-500 transition group-open:rotate-180">▼</span>
      </summary>
      <div className="mt-4 space-y-2">
        {segments.length > 0 ? (
          segments.map((s, i) => (
            <p
              key={s.position}
              data-testid="segment"
              data-active={i === activeIndex ? "true" : undefined}
              aria-current={i === activeIndex ? "true" : undefined}
              className={`flex gap-3 rounded-lg px-2 py-1 leading-relaxed transition ${i === activeIndex ? "bg-yellow-100 ring-1 ring-yellow-300" : ""}`}
            >
              <span className="shrink-0 pt-0.5">
                <TimestampButton seconds={s.start} />
              </span>
              <span>{s.text}</span>
            </p>
          ))
        ) : (
          <p className="whitespace-pre-line leading-relaxed">{text ?? ""}</p>
        )}
      </div>
    </details>
  );
}
