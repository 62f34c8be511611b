import type { PowerSaveBlocker } from "electron";

/**
 * Keeps the machine awake while a recording runs: the desktop counterpart of the web app's
 * screen Wake Lock. At most one blocker is held whatever the renderer calls, so a repeated
 * keepAwake (e.g. pause/resume) cannot leak blockers, and release is safe to call any time
 * (stop, discard, cancel, window closed, quit).
 */

export type PowerSaveKeeper = {
  keepAwake(reason?: string): void;
  release(): void;
  isActive(): boolean;
  /** Why the machine is being kept awake, for logs. */
  reason(): string | undefined;
};

type Blocker = Pick<PowerSaveBlocker, "start" | "stop" | "isStarted">;

export function createPowerSaveKeeper(
  blocker: Blocker,
  // App suspension, not display sleep: a recording goes on with the screen off, and the battery lasts longer.
  type: "prevent-app-suspension" | "prevent-display-sleep" = "prevent-app-suspension",
): PowerSaveKeeper {
  let id: number | undefined;
  let currentReason: string | undefined;
  return {
    keepAwake(reason) {
      currentReason = reason ?? currentReason;
      if (id !== undefined && blocker.isStarted(id)) return;
      id = blocker.start(type);
    },
    release() {
      if (id !== undefined && blocker.isStarted(id)) blocker.stop(id);
      id = undefined;
      currentReason = undefined;
    },
    isActive() {
      return id !== undefined && blocker.isStarted(id);
    },
    reason() {
      return currentReason;
    },
  };
}
