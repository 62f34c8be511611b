import type { BrowserWindow, Rectangle } from "electron";

/**
 * Window size and position remembered between launches in a small JSON file. A saved position
 * can point at a monitor that is no longer attached, so it is clamped onto a visible display.
 */

export type WindowState = { x?: number; y?: number; width: number; height: number; maximized: boolean };

export const DEFAULT_STATE: WindowState = { width: 1200, height: 820, maximized: false };
export const MIN_SIZE = { width: 720, height: 560 };

type FileSystem = {
  readFileSync(file: string, encoding: "utf8"): string;
  writeFileSync(file: string, data: string): void;
  mkdirSync(dir: string, options: { recursive: true }): unknown;
};

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export function parseWindowState(text: string | undefined): WindowState {
  if (!text) return { ...DEFAULT_STATE };
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    if (!isFiniteNumber(raw.width) || !isFiniteNumber(raw.height)) return { ...DEFAULT_STATE };
    const state: WindowState = { width: raw.width, height: raw.height, maximized: raw.maximized === true };
    if (isFiniteNumber(raw.x) && isFiniteNumber(raw.y)) {
      state.x = raw.x;
      state.y = raw.y;
    }
    return state;
  } catch {
    return { ...DEFAULT_STATE };
  }
}

export function loadWindowState(file: string, fs: Pick<FileSystem, "readFileSync">): WindowState {
  try {
    return parseWindowState(fs.readFileSync(file, "utf8"));
  } catch {
    return { ...DEFAULT_STATE };
  }
}

export function saveWindowState(file: string, state: WindowState, fs: FileSystem, dirname: (file: string) => string): void {
  try {
    fs.mkdirSync(dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(state));
  } catch {
    // Losing the window position is not worth an error for the user.
  }
}

function overlapArea(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Fits the state onto the display it overlaps most (or the primary one): never larger than the
 * work area, never smaller than the minimum, and fully inside it. Without a saved position the
 * window is centred.
 */
export function clampToDisplays(state: WindowState, workAreas: readonly Rectangle[], primary: Rectangle): WindowState {
  const areas = workAreas.length > 0 ? workAreas : [primary];
  let target = primary;
  let hasPosition = state.x !== undefined && state.y !== undefined;
  if (hasPosition) {
    const rect = { x: state.x ?? 0, y: state.y ?? 0, width: state.width, height: state.height };
    let best = 0;
    for (const area of areas) {
      const overlap = overlapArea(rect, area);
      if (overlap > best) {
        best = overlap;
        target = area;
      }
    }
    // Off every screen (monitor unplugged): forget the position, centre on the primary display.
    if (best === 0) hasPosition = false;
  }
  const width = Math.min(Math.max(state.width, MIN_SIZE.width), target.width);
  const height = Math.min(Math.max(state.height, MIN_SIZE.height), target.height);
  let x: number;
  let y: number;
  if (hasPosition) {
    x = Math.min(Math.max(state.x ?? 0, target.x), target.x + target.width - width);
    y = Math.min(Math.max(state.y ?? 0, target.y), target.y + target.height - height);
  } else {
    x = target.x + Math.round((target.width - width) / 2);
    y = target.y + Math.round((target.height - height) / 2);
  }
  return { x, y, width, height, maximized: state.maximized };
}

/** The state to save: the normal (un-maximized) bounds, so restoring a maximized window works. */
export function captureWindowState(win: Pick<BrowserWindow, "getNormalBounds" | "isMaximized">): WindowState {
  const bounds = win.getNormalBounds();
  return { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maximized: win.isMaximized() };
}

type TrackedWindow = Pick<BrowserWindow, "on" | "getNormalBounds" | "isMaximized" | "isDestroyed">;

/** Saves on resize/move (debounced) and once more on close. */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  options: { debounceMs?: number; setTimer?: typeof setTimeout; clearTimer?: typeof clearTimeout } = {},
): void {
  const setTimer = options.setTimer ?? setTimeout;
  const clearTimer = options.clearTimer ?? clearTimeout;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    if (!win.isDestroyed()) save(captureWindowState(win));
  };
  const schedule = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = setTimer(saveNow, options.debounceMs ?? 500);
  };
  win.on("resize", schedule);
  win.on("move", schedule);
  win.on("maximize", saveNow);
  win.on("unmaximize", saveNow);
  win.on("close", saveNow);
}
