import { describe, expect, it, vi } from "vitest";
import { createKeepAwake, getDesktopBridge, keepAwakeSupport, notifyDesktop, type VerbaleDesktop } from "./desktop-bridge";

function fakeBridge(overrides: Partial<VerbaleDesktop> = {}) {
  const calls: string[] = [];
  const bridge = {
    isDesktop: true as const,
    keepAwake: vi.fn(async (reason?: string) => void calls.push(`keepAwake:${reason ?? ""}`)),
    releaseAwake: vi.fn(async () => void calls.push("releaseAwake")),
    notify: vi.fn(async (title: string, body: string) => void calls.push(`notify:${title}:${body}`)),
    ...overrides,
  };
  return { bridge, calls };
}

function fakeWakeLock(options: { fail?: boolean } = {}) {
  const sentinels: { released: boolean; release: ReturnType<typeof vi.fn>; fireRelease: () => void }[] = [];
  const request = vi.fn(async (_type: "screen") => {
    if (options.fail) throw new DOMException("Non consentito", "NotAllowedError");
    const listeners: (() => void)[] = [];
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
        for (const listener of listeners) listener();
      }),
      addEventListener: (_type: "release", listener: () => void) => void listeners.push(listener),
      // What the browser does when the tab is hidden.
      fireRelease: () => {
        sentinel.released = true;
        for (const listener of listeners) listener();
      },
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  return { navigator: { wakeLock: { request } }, request, sentinels };
}

function fakeDocument() {
  let listener: (() => void) | undefined;
  const doc = {
    visibilityState: "visible",
    addEventListener: vi.fn((_type: "visibilitychange", l: () => void) => void (listener = l)),
    removeEventListener: vi.fn(() => void (listener = undefined)),
  };
  return { doc, setVisibility: (state: string) => ((doc.visibilityState = state), listener?.()), hasListener: () => listener !== undefined };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("getDesktopBridge", () => {
  it("is undefined on the server, where there is no window", () => {
    expect(typeof window).toBe("undefined");
    expect(getDesktopBridge()).toBeUndefined();
    expect(keepAwakeSupport()).toBe("none");
  });

  it("returns the preload API when it has the right shape", () => {
    const { bridge } = fakeBridge();
    expect(getDesktopBridge({ verbaleDesktop: bridge })).toBe(bridge);
  });

  it("ignores anything that is not the desktop API", () => {
    expect(getDesktopBridge({})).toBeUndefined();
    expect(getDesktopBridge({ verbaleDesktop: { isDesktop: "yes", keepAwake() {}, releaseAwake() {}, notify() {} } })).toBeUndefined();
    expect(getDesktopBridge({ verbaleDesktop: { isDesktop: true, keepAwake() {} } })).toBeUndefined();
    const throwing = Object.defineProperty({}, "verbaleDesktop", {
      get() {
        throw new Error("blocked");
      },
    });
    expect(getDesktopBridge(throwing)).toBeUndefined();
  });
});

describe("keepAwakeSupport", () => {
  it("prefers the desktop app, then Wake Lock, else none", () => {
    const { bridge } = fakeBridge();
    const wake = fakeWakeLock();
    expect(keepAwakeSupport({ window: { verbaleDesktop: bridge }, navigator: wake.navigator })).toBe("desktop");
    expect(keepAwakeSupport({ window: {}, navigator: wake.navigator })).toBe("wakelock");
    expect(keepAwakeSupport({ window: {}, navigator: {} })).toBe("none");
  });
});

describe("createKeepAwake in the desktop app", () => {
  it("uses the desktop bridge and never the Wake Lock API", async () => {
    const { bridge, calls } = fakeBridge();
    const wake = fakeWakeLock();
    const keep = createKeepAwake({ window: { verbaleDesktop: bridge }, navigator: wake.navigator, document: fakeDocument().doc });
    expect(await keep.acquire("Registrazione in corso")).toBe("desktop");
    expect(keep.mode()).toBe("desktop");
    await keep.release();
    expect(calls).toEqual(["keepAwake:Registrazione in corso", "releaseAwake"]);
    expect(wake.request).not.toHaveBeenCalled();
  });

  it("acquires once and releases once however often it is called", async () => {
    const { bridge, calls } = fakeBridge();
    const keep = createKeepAwake({ window: { verbaleDesktop: bridge }, navigator: {} });
    await Promise.all([keep.acquire(), keep.acquire()]);
    await keep.acquire();
    await keep.release();
    await keep.release();
    expect(calls).toEqual(["keepAwake:", "releaseAwake"]);
  });

  it("ends released when cancelled while the acquire is still in flight", async () => {
    let finish: () => void = () => {};
    const { bridge, calls } = fakeBridge({
      keepAwake: vi.fn(() => new Promise<void>((resolve) => (finish = () => resolve()))),
    });
    const keep = createKeepAwake({ window: { verbaleDesktop: bridge }, navigator: {} });
    const acquiring = keep.acquire();
    const releasing = keep.release();
    await flush();
    expect(bridge.keepAwake).toHaveBeenCalledTimes(1);
    finish();
    expect(await acquiring).toBe("desktop");
    await releasing;
    expect(keep.mode()).toBe("none");
    expect(bridge.releaseAwake).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(["releaseAwake"]);
  });

  it("falls back to Wake Lock when the desktop call fails, and only logs", async () => {
    const warn = vi.fn();
    const { bridge } = fakeBridge({ keepAwake: vi.fn(async () => Promise.reject(new Error("ipc"))) });
    const wake = fakeWakeLock();
    const keep = createKeepAwake({ window: { verbaleDesktop: bridge }, navigator: wake.navigator, warn });
    expect(await keep.acquire()).toBe("wakelock");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("logs a failing release without throwing", async () => {
    const warn = vi.fn();
    const { bridge } = fakeBridge({ releaseAwake: vi.fn(async () => Promise.reject(new Error("gone"))) });
    const keep = createKeepAwake({ window: { verbaleDesktop: bridge }, navigator: {}, warn });
    await keep.acquire();
    await expect(keep.release()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Rilascio"), expect.any(Error));
  });
});

describe("createKeepAwake in a browser", () => {
  it("requests a screen wake lock and releases it", async () => {
    const wake = fakeWakeLock();
    const page = fakeDocument();
    const keep = createKeepAwake({ window: {}, navigator: wake.navigator, document: page.doc });
    expect(await keep.acquire()).toBe("wakelock");
    expect(wake.request).toHaveBeenCalledWith("screen");
    expect(page.hasListener()).toBe(true);
    await keep.release();
    await keep.release();
    expect(wake.sentinels[0].release).toHaveBeenCalledTimes(1);
    expect(page.hasListener()).toBe(false);
    expect(keep.mode()).toBe("none");
  });

  it("asks again when the tab comes back after the browser dropped the lock", async () => {
    const wake = fakeWakeLock();
    const page = fakeDocument();
    const keep = createKeepAwake({ window: {}, navigator: wake.navigator, document: page.doc });
    await keep.acquire();
    wake.sentinels[0].fireRelease();
    page.setVisibility("hidden");
    expect(wake.request).toHaveBeenCalledTimes(1);
    page.setVisibility("visible");
    await flush();
    expect(wake.request).toHaveBeenCalledTimes(2);
    await keep.release();
    expect(wake.sentinels[1].release).toHaveBeenCalledTimes(1);
  });

  it("only logs when the wake lock is refused, and reports none", async () => {
    const warn = vi.fn();
    const keep = createKeepAwake({ window: {}, navigator: fakeWakeLock({ fail: true }).navigator, warn });
    expect(await keep.acquire()).toBe("none");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Wake Lock"), expect.any(DOMException));
    await expect(keep.release()).resolves.toBeUndefined();
  });

  it("reports none without any API, and uses console.warn by default", async () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await createKeepAwake({ window: {}, navigator: {} }).acquire()).toBe("none");
      expect(await createKeepAwake({ window: {}, navigator: fakeWakeLock({ fail: true }).navigator }).acquire()).toBe("none");
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("is safe to create and use during server rendering", async () => {
    const keep = createKeepAwake();
    expect(await keep.acquire()).toBe("none");
    await keep.release();
  });
});

describe("notifyDesktop", () => {
  it("posts a native notification in the desktop app", async () => {
    const { bridge, calls } = fakeBridge();
    expect(await notifyDesktop("Trascrizione pronta", "Riunione di lunedì", { window: { verbaleDesktop: bridge } })).toBe(true);
    expect(calls).toEqual(["notify:Trascrizione pronta:Riunione di lunedì"]);
  });
  it("does nothing in a browser and never throws", async () => {
    expect(await notifyDesktop("a", "b", { window: {} })).toBe(false);
    const warn = vi.fn();
    const { bridge } = fakeBridge({ notify: vi.fn(async () => Promise.reject(new Error("x"))) });
    expect(await notifyDesktop("a", "b", { window: { verbaleDesktop: bridge }, warn })).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
