/**
 * The web side of the desktop shell's preload API (desktop/src/preload.ts). In the Electron app
 * `window.verbaleDesktop` exists; in a browser it does not, and the recorder falls back to the
 * Screen Wake Lock API (spec section 4, "Start sequence"). Safe to import from server code:
 * nothing touches `window` or `navigator` until a function is called.
 */

export type VerbaleDesktop = {
  readonly isDesktop: true;
  /** Keeps the machine awake (powerSaveBlocker) until releaseAwake; repeated calls hold one blocker. */
  keepAwake(reason?: string): Promise<void>;
  releaseAwake(): Promise<void>;
  /** A native system notification, e.g. when a transcription is ready. */
  notify(title: string, body: string): Promise<void>;
  /**
   * «Microfono e audio del computer» (issue 30): whether the computer's sound can be recorded and
   * how. "loopback": getDisplayMedia is answered with the system's sound and no picker (stop the
   * video track); "monitor": open the audio input labelled `deviceLabel`. Absent in older builds.
   */
  systemAudio?(): Promise<DesktopSystemAudio>;
};

/** Mirrors SystemAudioSupport in desktop/src/system-audio.ts. */
export type DesktopSystemAudio =
  { supported: true; method: "loopback" } | { supported: true; method: "monitor"; deviceLabel: string } | { supported: false; reason: string };

declare global {
  interface Window {
    verbaleDesktop?: VerbaleDesktop;
  }
}

type WindowLike = { verbaleDesktop?: unknown };

/** The minimum of the Screen Wake Lock API used here (TypeScript's DOM lib may lack it). */
type WakeLockSentinelLike = {
  readonly released: boolean;
  release(): Promise<void>;
  addEventListener(type: "release", listener: () => void): void;
};
type NavigatorLike = { wakeLock?: { request(type: "screen"): Promise<WakeLockSentinelLike> } };
type DocumentLike = {
  visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
};

function browserGlobal<T>(name: "window" | "navigator" | "document"): T | undefined {
  // typeof on globalThis keeps server rendering (no window) from throwing.
  const value = (globalThis as Record<string, unknown>)[name];
  return value === undefined || value === null ? undefined : (value as T);
}

function isBridge(value: unknown): value is VerbaleDesktop {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.isDesktop === true &&
    typeof candidate.keepAwake === "function" &&
    typeof candidate.releaseAwake === "function" &&
    typeof candidate.notify === "function"
  );
}

/** The desktop bridge when running inside Verbale's desktop app, otherwise undefined (also on the server). */
export function getDesktopBridge(win: WindowLike | undefined = browserGlobal<WindowLike>("window")): VerbaleDesktop | undefined {
  if (!win) return undefined;
  try {
    const bridge = win.verbaleDesktop;
    return isBridge(bridge) ? bridge : undefined;
  } catch {
    return undefined;
  }
}

export type KeepAwakeMode = "desktop" | "wakelock" | "none";

export type KeepAwakeEnvironment = {
  window?: WindowLike;
  navigator?: NavigatorLike;
  document?: DocumentLike;
  warn?: (message: string, error?: unknown) => void;
};

function resolveEnvironment(env: KeepAwakeEnvironment) {
  return {
    win: "window" in env ? env.window : browserGlobal<WindowLike>("window"),
    nav: "navigator" in env ? env.navigator : browserGlobal<NavigatorLike>("navigator"),
    doc: "document" in env ? env.document : browserGlobal<DocumentLike>("document"),
    warn: env.warn ?? ((message: string, error?: unknown) => console.warn(message, error)),
  };
}

/**
 * What keeping awake would use here, without acquiring anything: the recorder asks the
 * keep-screen-awake question only when this is "wakelock" (mobile/tablet browsers); in the
 * desktop app it can keep the machine awake without asking.
 */
export function keepAwakeSupport(env: KeepAwakeEnvironment = {}): KeepAwakeMode {
  const { win, nav } = resolveEnvironment(env);
  if (getDesktopBridge(win)) return "desktop";
  return typeof nav?.wakeLock?.request === "function" ? "wakelock" : "none";
}

export type KeepAwake = {
  /** Starts keeping awake; never throws (failures are logged) and resolves to what is in use. */
  acquire(reason?: string): Promise<KeepAwakeMode>;
  /** Stops keeping awake (recording stopped, discarded or cancelled); safe to call any time. */
  release(): Promise<void>;
  mode(): KeepAwakeMode;
};

/**
 * Keeps the device awake during a recording: the desktop shell's powerSaveBlocker when present,
 * else a screen wake lock. Browsers drop a wake lock when the tab is hidden, so it is requested
 * again when the tab becomes visible while still wanted.
 */
export function createKeepAwake(env: KeepAwakeEnvironment = {}): KeepAwake {
  const { win, nav, doc, warn } = resolveEnvironment(env);
  let mode: KeepAwakeMode = "none";
  // acquire and release run one after the other, so a quick start-then-cancel always ends
  // released, and the desktop's single blocker never sees the calls out of order.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => {});
    return next;
  };
  // Bumped by release, so a wake lock re-requested on visibility that lands late is dropped.
  let generation = 0;
  let sentinel: WakeLockSentinelLike | undefined;
  let bridgeInUse: VerbaleDesktop | undefined;

  const releaseBridge = async () => {
    const bridge = bridgeInUse;
    bridgeInUse = undefined;
    if (!bridge) return;
    try {
      await bridge.releaseAwake();
    } catch (error) {
      warn("Rilascio del blocco di sospensione non riuscito", error);
    }
  };

  const releaseWakeLock = async () => {
    doc?.removeEventListener("visibilitychange", onVisibility);
    const lock = sentinel;
    sentinel = undefined;
    if (!lock || lock.released) return;
    try {
      await lock.release();
    } catch (error) {
      warn("Rilascio del Wake Lock non riuscito", error);
    }
  };

  const watchLock = (lock: WakeLockSentinelLike) => {
    sentinel = lock;
    lock.addEventListener("release", () => {
      if (sentinel === lock) sentinel = undefined;
    });
  };

  const requestWakeLock = async (): Promise<WakeLockSentinelLike | undefined> => {
    const wakeLock = nav?.wakeLock;
    if (!wakeLock || typeof wakeLock.request !== "function") return undefined;
    try {
      return await wakeLock.request("screen");
    } catch (error) {
      warn("Impossibile mantenere lo schermo attivo (Wake Lock)", error);
      return undefined;
    }
  };

  function onVisibility() {
    if (mode !== "wakelock" || sentinel || doc?.visibilityState !== "visible") return;
    const mine = generation;
    void requestWakeLock().then((lock) => {
      if (!lock) return;
      if (mine === generation && mode === "wakelock" && !sentinel) watchLock(lock);
      else void lock.release().catch(() => {});
    });
  }

  type Attempt = { mode: "desktop"; bridge: VerbaleDesktop } | { mode: "wakelock"; lock: WakeLockSentinelLike } | { mode: "none" };

  const attempt = async (reason: string | undefined): Promise<Attempt> => {
    const bridge = getDesktopBridge(win);
    if (bridge) {
      try {
        await bridge.keepAwake(reason);
        return { mode: "desktop", bridge };
      } catch (error) {
        warn("Impossibile mantenere attivo il computer (app desktop)", error);
      }
    }
    const lock = await requestWakeLock();
    return lock ? { mode: "wakelock", lock } : { mode: "none" };
  };

  return {
    acquire(reason) {
      return enqueue(async () => {
        if (mode !== "none") return mode;
        const got = await attempt(reason);
        if (got.mode === "desktop") bridgeInUse = got.bridge;
        if (got.mode === "wakelock") {
          watchLock(got.lock);
          doc?.addEventListener("visibilitychange", onVisibility);
        }
        mode = got.mode;
        return mode;
      });
    },
    release() {
      return enqueue(async () => {
        generation += 1;
        const previous = mode;
        mode = "none";
        if (previous === "desktop") await releaseBridge();
        if (previous === "wakelock") await releaseWakeLock();
      });
    },
    mode: () => mode,
  };
}

/** Native notification in the desktop app; in a browser it does nothing. Never throws. */
export async function notifyDesktop(title: string, body: string, env: Pick<KeepAwakeEnvironment, "window" | "warn"> = {}): Promise<boolean> {
  const { win, warn } = resolveEnvironment(env);
  const bridge = getDesktopBridge(win);
  if (!bridge) return false;
  try {
    await bridge.notify(title, body);
    return true;
  } catch (error) {
    warn("Notifica di sistema non riuscita", error);
    return false;
  }
}
