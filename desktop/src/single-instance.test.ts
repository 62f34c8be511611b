import { describe, expect, it, vi } from "vitest";
import { acquireSingleInstance, focusWindow } from "./single-instance";

function fakeWindow(minimized = false, destroyed = false) {
  return { isDestroyed: () => destroyed, isMinimized: () => minimized, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
}

describe("acquireSingleInstance", () => {
  it("tells the second copy to quit without registering anything", () => {
    const app = { requestSingleInstanceLock: () => false, on: vi.fn() };
    expect(acquireSingleInstance(app as never, () => undefined)).toBe(false);
    expect(app.on).not.toHaveBeenCalled();
  });

  it("brings the first copy's window forward on a second launch", () => {
    const listeners: Record<string, () => void> = {};
    const app = { requestSingleInstanceLock: () => true, on: (name: string, listener: () => void) => void (listeners[name] = listener) };
    const win = fakeWindow(true);
    expect(acquireSingleInstance(app as never, () => win)).toBe(true);
    listeners["second-instance"]();
    expect(win.restore).toHaveBeenCalled();
    expect(win.show).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });
});

describe("focusWindow", () => {
  it("ignores a missing or destroyed window and does not restore a visible one", () => {
    expect(focusWindow(undefined)).toBe(false);
    expect(focusWindow(fakeWindow(false, true))).toBe(false);
    const win = fakeWindow(false);
    expect(focusWindow(win)).toBe(true);
    expect(win.restore).not.toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });
});
