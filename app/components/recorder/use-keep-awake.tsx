import { useCallback, useEffect, useRef } from "react";
import { createKeepAwake, keepAwakeSupport, type KeepAwake } from "~/lib/desktop-bridge";

/** The screen (or the desktop machine) kept awake while recording; released on leaving the page. */
export function useKeepAwake() {
  const keepAwake = useRef<KeepAwake>();
  /** Phones keep awake only if the user said yes; the desktop app always; others not at all. */
  const acquire = useCallback((userAgreed: boolean | undefined) => {
    const support = keepAwakeSupport();
    if (support === "desktop" || (support === "wakelock" && userAgreed === true)) {
      keepAwake.current ??= createKeepAwake();
      void keepAwake.current.acquire("recording");
    }
  }, []);
  const release = useCallback(() => {
    void keepAwake.current?.release();
  }, []);
  useEffect(() => release, [release]);
  return { acquire, release };
}
