import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { formatDuration } from "~/lib/format";

/**
 * One audio element per result page, shared through context: timestamp buttons anywhere on the
 * page seek it, and the transcript reads the current time to highlight the segment playing.
 */

type AudioContextValue = {
  currentTime: number;
  seek: (seconds: number) => void;
  register: (element: HTMLAudioElement | null) => void;
  onTime: (seconds: number) => void;
};

const AudioCtx = createContext<AudioContextValue>({ currentTime: -1, seek: () => {}, register: () => {}, onTime: () => {} });

export function AudioProvider({ children }: { children: ReactNode }) {
  const element = useRef<HTMLAudioElement | null>(null);
  const [currentTime, setCurrentTime] = useState(-1);
  const register = useCallback((el: HTMLAudioElement | null) => {
    element.current = el;
  }, []);
  const seek = useCallback((seconds: number) => {
    const audio = element.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setCurrentTime(seconds);
    audio.play().catch(() => {
      // Autoplay refused or the source is still loading: the position is set, the user presses play.
    });
  }, []);
  const value = useMemo(() => ({ currentTime, seek, register, onTime: setCurrentTime }), [currentTime, seek, register]);
  return <AudioCtx.Provider value={value}>{children}</AudioCtx.Provider>;
}

export function useAudio() {
  return useContext(AudioCtx);
}

export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const { register, onTime } = useAudio();
  return (
    <div className="card p-4">
      <audio
        ref={register}
        src={src}
        controls
        preload="metadata"
        className="w-full"
        aria-label={label}
        data-testid="audio-player"
        onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}
        onSeeked={(e) => onTime(e.currentTarget.currentTime)}
      >
        <a href={src}>Scarica l'audio</a>
      </audio>
    </div>
  );
}

/** A clickable "mm:ss" that seeks the page's player. */
export function TimestampButton({ seconds, label }: { seconds: number; label?: string }) {
  const { seek } = useAudio();
  const text = label ?? formatDuration(seconds);
  return (
    <button
      type="button"
      className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold tabular-nums text-brand-700 hover:bg-brand-100"
      aria-label={`Vai a ${text}`}
      data-testid="timestamp"
      data-seconds={seconds}
      onClick={() => seek(seconds)}
    >
      {text}
    </button>
  );
}
