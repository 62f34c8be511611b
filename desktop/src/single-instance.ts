import type { App, BrowserWindow } from "electron";

/**
 * One copy of Verbale at a time: two copies would fight over the same embedded Postgres folder.
 * A second launch quits at once and the first copy brings its window forward.
 */

type FocusableWindow = Pick<BrowserWindow, "isDestroyed" | "isMinimized" | "restore" | "show" | "focus">;

export function focusWindow(win: FocusableWindow | undefined): boolean {
  if (!win || win.isDestroyed()) return false;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  return true;
}

/** Returns false when another copy holds the lock: the caller must quit without starting anything. */
export function acquireSingleInstance(app: Pick<App, "requestSingleInstanceLock" | "on">, currentWindow: () => FocusableWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on("second-instance", () => {
    focusWindow(currentWindow());
  });
  return true;
}
