/**
 * The shell's own small settings (userData/desktop.json), separate from the web app's DATA_DIR:
 * for now the port of the last run (the window geometry has its own file, see window-state.ts).
 */

export type DesktopSettings = { port?: number };

export function parseSettings(text: string | undefined): DesktopSettings {
  if (!text) return {};
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const settings: DesktopSettings = {};
    if (typeof raw.port === "number" && Number.isInteger(raw.port)) settings.port = raw.port;
    return settings;
  } catch {
    return {};
  }
}

type Fs = {
  readFileSync(file: string, encoding: "utf8"): string;
  writeFileSync(file: string, data: string): void;
  renameSync(from: string, to: string): void;
  mkdirSync(dir: string, options: { recursive: true }): unknown;
};

export function createSettingsStore(file: string, fs: Fs, dirname: (file: string) => string) {
  let current: DesktopSettings = (() => {
    try {
      return parseSettings(fs.readFileSync(file, "utf8"));
    } catch {
      return {};
    }
  })();
  return {
    get: (): DesktopSettings => current,
    update(patch: Partial<DesktopSettings>): void {
      current = { ...current, ...patch };
      try {
        fs.mkdirSync(dirname(file), { recursive: true });
        // Write then rename: a crash mid-write must not leave a truncated file behind.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(current, null, 2));
        fs.renameSync(`${file}.tmp`, file);
      } catch {
        // Settings are a convenience; failing to save them must not disturb the user.
      }
    },
  };
}
