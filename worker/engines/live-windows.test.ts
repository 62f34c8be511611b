import { describe, expect, it } from "vitest";
import { commitLiveWindow, emptyLiveState, LIVE_WINDOW_MAX_SECONDS, livePrefix, nextLiveWindow } from "./live-windows";

const seg = (start: number, end: number, text: string) => ({ start, end, text });

describe("live windows", () => {
  it("waits for enough new audio, then takes a window from the committed point, at most 28 s", () => {
    const state = emptyLiveState("whisper", "small");
    // The first window as soon as there are 2 s; then at least 4 s of new audio each.
    expect(nextLiveWindow(state, 1.5)).toBeNull();
    expect(nextLiveWindow(state, 2.5)).toEqual({ start: 0, end: 2.5 });
    const once = { ...state, windows: 1, processedUntil: 2.5 };
    expect(nextLiveWindow(once, 5)).toBeNull();
    expect(nextLiveWindow(once, 10)).toEqual({ start: 0, end: 10 });
    const behind = { ...state, windows: 3, committedUntil: 40, processedUntil: 60 };
    expect(nextLiveWindow(behind, 62)).toBeNull();
    expect(nextLiveWindow(behind, 300)).toEqual({ start: 40, end: 40 + LIVE_WINDOW_MAX_SECONDS });
  });

  it("keeps segments that end in the last 2 s of the window as a draft, and the next window starts after the last final one", () => {
    const state = commitLiveWindow(emptyLiveState("e", "m"), { start: 10, end: 20 }, [
      seg(0.5, 3, "uno due"),
      seg(4, 7.5, "tre"),
      seg(8.2, 10, "quat"),
    ]);
    expect(state.segments.map((s) => s.text)).toEqual(["uno due", "tre"]);
    expect(state.segments[0]).toMatchObject({ start: 10.5, end: 13 });
    expect(state.draft.map((s) => s.text)).toEqual(["quat"]);
    expect(state.committedUntil).toBe(17.5);
    expect(state.processedUntil).toBe(20);
    expect(nextLiveWindow(state, 26)).toEqual({ start: 17.5, end: 26 });
  });

  it("a full window of speech without a pause still moves on; silence moves the committed point to the guard", () => {
    const full = commitLiveWindow(emptyLiveState("e", "m"), { start: 0, end: 28 }, [seg(0, 14, "a"), seg(14, 28, "b")]);
    expect(full.segments.map((s) => s.text)).toEqual(["a"]);
    expect(full.committedUntil).toBe(14);
    const silent = commitLiveWindow(emptyLiveState("e", "m"), { start: 0, end: 12 }, []);
    expect(silent.committedUntil).toBe(10);
    expect(silent.segments).toEqual([]);
  });

  it("the final pass reuses the words only when the same engine and model made them", () => {
    const state = commitLiveWindow(emptyLiveState("whisper", "small"), { start: 0, end: 20 }, [seg(1, 9, "ciao a tutti")]);
    expect(livePrefix(state, "whisper", "small", 60)).toEqual({ segments: state.segments, from: 9 });
    expect(livePrefix(state, "whisper", "base", 60)).toBeUndefined();
    expect(livePrefix(state, "openai", "small", 60)).toBeUndefined();
    expect(livePrefix(null, "whisper", "small", 60)).toBeUndefined();
  });
});
