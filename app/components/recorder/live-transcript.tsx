import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { LIVE_BEHIND_NOTICE_SECONDS, type LiveView } from "~/lib/live-transcript";
import { LiveMinutes } from "./live-minutes";
import { MSG } from "~/lib/messages";

/** How often the recorder asks for the words heard so far. */
const POLL_MS = 2500;

/**
 * Polls GET /api/recordings/:id/live while `polling` (the recording runs or is paused). The id
 * comes from a getter: the server id may only arrive later (recording started offline).
 */
export function useLiveTranscript(getRecordingId: () => string | undefined, polling: boolean): LiveView | undefined {
  const [view, setView] = useState<LiveView>();
  const getter = useRef(getRecordingId);
  getter.current = getRecordingId;
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const id = getter.current();
      if (id) {
        try {
          const response = await fetch(`/api/recordings/${id}/live`, { headers: { Accept: "application/json" } });
          if (response.ok && !stopped) setView((await response.json()) as LiveView);
        } catch {
          // Offline: the next tick asks again; the recording itself is safe in the browser.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polling]);
  // A new recording starts with an empty view.
  useEffect(() => {
    if (!polling) return;
    return () => setView(undefined);
  }, [polling]);
  return view;
}

/** The region "Trascrizione in diretta": final words, then the draft in lighter text; follows the speech. */
export function LiveTranscript({ view, paused }: { view: LiveView | undefined; paused: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const text = view?.text ?? "";
  const draft = view?.draft ?? "";
  const behind = view && view.behindSeconds > LIVE_BEHIND_NOTICE_SECONDS ? view.behindSeconds : 0;

  // Scrolls with the speech unless the user scrolled up to read.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [text, draft]);

  return (
    <section aria-labelledby="live-transcript-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="live-transcript">
      <h2 id="live-transcript-title" className="text-sm font-semibold text-slate-800">
        {MSG.liveTitle}
      </h2>
      {paused ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="live-paused">
          {MSG.livePaused}
        </p>
      ) : null}
      {behind ? (
        <p role="status" className="mt-1 text-xs text-amber-800" data-testid="live-behind">
          {MSG.liveBehind(behind)}
        </p>
      ) : null}
      <div
        ref={scroller}
        role="log"
        aria-live="polite"
        className="mt-2 max-h-48 overflow-y-auto text-sm leading-relaxed text-slate-900"
        data-testid="live-text"
        data-words={`${text} ${draft}`.split(/\s+/).filter(Boolean).length}
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {text || draft ? (
          <p>
            {text}
            {text && draft ? " " : ""}
            {draft ? <span className="text-slate-500">{draft}</span> : null}
          </p>
        ) : (
          <p className="text-slate-500">{MSG.liveWaiting}</p>
        )}
      </div>
      <LiveMinutes topics={view?.minutesSoFar ?? []} />
    </section>
  );
}
