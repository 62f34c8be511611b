import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_STATE,
  MIN_SIZE,
  captureWindowState,
  clampToDisplays,
  loadWindowState,
  parseWindowState,
  saveWindowState,
  trackWindowState,
} from "./window-state";

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe("parseWindowState / loadWindowState", () => {
  it("reads a saved state and falls back to defaults on anything odd", () => {
    expect(parseWindowState('{"x":10,"y":20,"width":1000,"height":700,"maximized":true}')).toEqual({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      maximized: true,
    });
    expect(parseWindowState('{"width":1000,"height":700}')).toEqual({ width: 1000, height: 700, maximized: false });
    expect(parseWindowState("{broken")).toEqual(DEFAULT_STATE);
    expect(parseWindowState('{"width":"big","height":700}')).toEqual(DEFAULT_STATE);
    expect(parseWindowState(undefined)).toEqual(DEFAULT_STATE);
    expect(
      loadWindowState("/missing", {
        readFileSync: () => {
          throw new Error("ENOENT");
        },
      }),
    ).toEqual(DEFAULT_STATE);
  });
  it("saves JSON and swallows write errors", () => {
    const written: Record<string, string> = {};
    const fs = { readFileSync: () => "", writeFileSync: (f: string, d: string) => void (written[f] = d), mkdirSync: vi.fn() };
    saveWindowState("/u/window-state.json", { width: 900, height: 600, maximized: false }, fs, () => "/u");
    expect(JSON.parse(written["/u/window-state.json"])).toEqual({ width: 900, height: 600, maximized: false });
    expect(fs.mkdirSync).toHaveBeenCalledWith("/u", { recursive: true });
    const failing = {
      ...fs,
      writeFileSync: () => {
        throw new Error("EROFS");
      },
    };
    expect(() => saveWindowState("/u/x.json", DEFAULT_STATE, failing, () => "/u")).not.toThrow();
  });
});

describe("clampToDisplays", () => {
  it("keeps a position that is fully visible", () => {
    const state = { x: 100, y: 50, width: 1000, height: 700, maximized: false };
    expect(clampToDisplays(state, [laptop, external], laptop)).toEqual(state);
  });
  it("keeps a window on the second monitor while it is attached", () => {
    const state = { x: 2000, y: 100, width: 1200, height: 800, maximized: true };
    expect(clampToDisplays(state, [laptop, external], laptop)).toEqual(state);
  });
  it("centres on the primary display when the saved monitor is gone", () => {
    const state = { x: 2000, y: 100, width: 1200, height: 800, maximized: false };
    expect(clampToDisplays(state, [laptop], laptop)).toEqual({ x: 120, y: 38, width: 1200, height: 800, maximized: false });
  });
  it("pulls a half-off-screen window back inside and shrinks it to the work area", () => {
    const state = { x: 1000, y: -200, width: 3000, height: 2000, maximized: false };
    expect(clampToDisplays(state, [laptop], laptop)).toEqual({ x: 0, y: 0, width: 1440, height: 875, maximized: false });
    const partly = { x: 1000, y: 500, width: 800, height: 600, maximized: false };
    expect(clampToDisplays(partly, [laptop], laptop)).toEqual({ x: 640, y: 275, width: 800, height: 600, maximized: false });
  });
  it("enforces the minimum size and centres a state without position", () => {
    const result = clampToDisplays({ width: 100, height: 100, maximized: false }, [laptop], laptop);
    expect(result.width).toBe(MIN_SIZE.width);
    expect(result.height).toBe(MIN_SIZE.height);
    expect(result.x).toBe(Math.round((1440 - MIN_SIZE.width) / 2));
  });
  it("works with displays at negative coordinates (monitor left of the primary)", () => {
    const left = { x: -1920, y: 0, width: 1920, height: 1040 };
    const state = { x: -1800, y: 40, width: 1000, height: 700, maximized: false };
    expect(clampToDisplays(state, [laptop, left], laptop)).toEqual(state);
  });
});

describe("trackWindowState", () => {
  function fakeWindow() {
    const listeners: Record<string, () => void> = {};
    let bounds = { x: 1, y: 2, width: 900, height: 700 };
    let maximized = false;
    const win = {
      on: (name: string, listener: () => void) => {
        listeners[name] = listener;
        return win;
      },
      getNormalBounds: () => bounds,
      isMaximized: () => maximized,
      isDestroyed: () => false,
    };
    return {
      win,
      emit: (name: string) => listeners[name](),
      setBounds: (b: typeof bounds) => void (bounds = b),
      setMaximized: (m: boolean) => void (maximized = m),
    };
  }

  it("debounces resize and move, and saves at once on maximize and close", () => {
    vi.useFakeTimers();
    try {
      const fake = fakeWindow();
      const save = vi.fn();
      trackWindowState(fake.win as never, save, { debounceMs: 500 });
      fake.emit("resize");
      fake.setBounds({ x: 5, y: 6, width: 1000, height: 750 });
      fake.emit("move");
      expect(save).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500);
      expect(save).toHaveBeenCalledTimes(1);
      expect(save).toHaveBeenLastCalledWith({ x: 5, y: 6, width: 1000, height: 750, maximized: false });
      fake.setMaximized(true);
      fake.emit("maximize");
      expect(save).toHaveBeenLastCalledWith({ x: 5, y: 6, width: 1000, height: 750, maximized: true });
      fake.emit("resize");
      fake.emit("close");
      vi.advanceTimersByTime(1000);
      expect(save).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("captures the normal bounds of a maximized window", () => {
    const state = captureWindowState({ getNormalBounds: () => ({ x: 3, y: 4, width: 800, height: 600 }), isMaximized: () => true });
    expect(state).toEqual({ x: 3, y: 4, width: 800, height: 600, maximized: true });
  });
});
