/**
 * The channels between preload and main. The preload bundle and main.ts both import this file,
 * so the names cannot drift apart. The web side sees only `window.verbaleDesktop`, whose type is
 * `VerbaleDesktop` in app/lib/desktop-bridge.ts.
 */
export const IPC = {
  keepAwake: "verbale:keep-awake",
  releaseAwake: "verbale:release-awake",
  notify: "verbale:notify",
  systemAudio: "verbale:system-audio",
} as const;

export const MAX_TITLE_LENGTH = 120;
export const MAX_BODY_LENGTH = 400;
export const MAX_REASON_LENGTH = 120;

/** Renderer input is untrusted: keep strings only, trimmed and bounded. */
export function cleanText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "") return undefined;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
