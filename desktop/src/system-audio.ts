import type { DesktopCapturerSource, Session, SourcesOptions } from "electron";
import { messages } from "./messages";
import { originOf } from "./permissions";

/**
 * «Microfono e audio del computer» (issue 30): the computer's output, i.e. the call, recorded
 * without a picker. Windows and macOS 13+ answer the page's getDisplayMedia with the first
 * screen and Chromium's loopback audio (the page stops the video track at once); on Linux,
 * where Chromium has no loopback, the PulseAudio/PipeWire monitor of the default output is an
 * ordinary input device the page opens with getUserMedia. Only the decisions live here: main.ts
 * wires them to Electron, and they are unit-tested without it.
 */

/** What the page learns through `window.verbaleDesktop.systemAudio()` (see app/lib/desktop-bridge.ts). */
export type SystemAudioSupport =
  /** getDisplayMedia({ audio: true, video: true }) is answered with the system's sound, no picker. */
  | { supported: true; method: "loopback" }
  /** getUserMedia with the input device whose label is `deviceLabel` (the monitor of the speakers). */
  | { supported: true; method: "monitor"; deviceLabel: string }
  | { supported: false; reason: string };

/** macOS's major version from os.release() (Darwin 22 is macOS 13); undefined when unreadable. */
export function macOSMajor(darwinRelease: string): number | undefined {
  const darwin = Number.parseInt(darwinRelease, 10);
  return Number.isFinite(darwin) && darwin >= 20 ? darwin - 9 : undefined;
}

/** Loopback through ScreenCaptureKit exists from macOS 13 (Ventura). */
const MIN_MACOS = 13;

/**
 * Chromium features to switch on before the app is ready: on macOS, system audio through
 * ScreenCaptureKit for screen sharing (off by default in Chromium).
 */
export function loopbackFeatures(platform: NodeJS.Platform, release: string): string[] {
  if (platform !== "darwin" || (macOSMajor(release) ?? 0) < MIN_MACOS) return [];
  return ["MacLoopbackAudioForScreenShare", "MacSckSystemAudioLoopbackOverride"];
}

/** A source in `pactl list sources` (LC_ALL=C, so the field names are English). */
export type PulseSource = { name: string; description: string; monitorOf?: string };

export function parsePactlSources(text: string): PulseSource[] {
  const sources: PulseSource[] = [];
  for (const block of text.split(/^Source #/m).slice(1)) {
    const field = (key: string) => block.match(new RegExp(`^\\s*${key}: (.*)$`, "m"))?.[1]?.trim();
    const name = field("Name");
    if (!name) continue;
    const monitorOf = field("Monitor of Sink");
    sources.push({ name, description: field("Description") ?? name, monitorOf: monitorOf && monitorOf !== "n/a" ? monitorOf : undefined });
  }
  return sources;
}

/** The monitor of the default output (what the speakers or headphones play), else of any output. */
export function pickMonitor(sources: PulseSource[], defaultSink: string | undefined): PulseSource | undefined {
  const monitors = sources.filter((s) => s.monitorOf !== undefined || s.name.endsWith(".monitor"));
  return monitors.find((s) => s.monitorOf === defaultSink || (defaultSink !== undefined && s.name === `${defaultSink}.monitor`)) ?? monitors[0];
}

/** Runs a program and gives its stdout (rejects when it is missing or fails). */
export type Exec = (file: string, args: string[]) => Promise<string>;

async function findMonitor(exec: Exec): Promise<PulseSource | undefined> {
  const [list, sink] = await Promise.all([
    exec("pactl", ["list", "sources"]),
    exec("pactl", ["get-default-sink"]).then(
      (out) => out.trim() || undefined,
      // Older PulseAudio has no get-default-sink: any monitor will do.
      () => undefined,
    ),
  ]);
  return pickMonitor(parsePactlSources(list), sink);
}

/** Whether this computer can record its own sound, how, and if not why (in Italian, for the page). */
export async function systemAudioSupport(platform: NodeJS.Platform, release: string, exec: Exec): Promise<SystemAudioSupport> {
  if (platform === "win32") return { supported: true, method: "loopback" };
  if (platform === "darwin") {
    return (macOSMajor(release) ?? 0) >= MIN_MACOS
      ? { supported: true, method: "loopback" }
      : { supported: false, reason: messages.systemAudioOldMac };
  }
  if (platform === "linux") {
    try {
      const monitor = await findMonitor(exec);
      if (monitor) return { supported: true, method: "monitor", deviceLabel: monitor.description };
    } catch {
      // No pactl: neither PulseAudio nor PipeWire's pulse layer is running.
    }
    return { supported: false, reason: messages.systemAudioNoMonitor };
  }
  return { supported: false, reason: messages.systemAudioUnsupported };
}

type DisplayRequest = { securityOrigin?: string; frame?: { url?: string } | null; audioRequested: boolean };
type Streams = { video?: DesktopCapturerSource; audio?: "loopback" };
type GetSources = (options: SourcesOptions) => Promise<DesktopCapturerSource[]>;

/**
 * The answer to a page's getDisplayMedia: only the app's own pages, only when loopback works
 * here and audio was asked for; then the first screen (Chromium needs a video source to give
 * loopback audio; the page never keeps it) with the system's sound. Everything else is refused.
 */
export function createDisplayMediaHandler(options: {
  appOrigin: string;
  support: () => Promise<SystemAudioSupport>;
  getSources: GetSources;
  log?: (message: string) => void;
}): (request: DisplayRequest, callback: (streams: Streams | null) => void) => void {
  const log = options.log ?? console.warn;
  return (request, callback) => {
    const origin = originOf(request.frame?.url) ?? originOf(request.securityOrigin);
    if (origin !== options.appOrigin) {
      log(`Cattura dello schermo rifiutata a ${origin ?? "origine sconosciuta"}`);
      callback(null);
      return;
    }
    if (!request.audioRequested) {
      callback(null);
      return;
    }
    void (async () => {
      const support = await options.support();
      if (!support.supported || support.method !== "loopback") return callback(null);
      const [screen] = await options.getSources({ types: ["screen"], thumbnailSize: { width: 0, height: 0 } });
      callback(screen ? { video: screen, audio: "loopback" } : null);
    })().catch((error: unknown) => {
      log(`Audio del computer non disponibile: ${error instanceof Error ? error.message : String(error)}`);
      callback(null);
    });
  };
}

/** Wires the handler into the session: no system picker, the answer above is the only one. */
export function installSystemAudio(
  session: Pick<Session, "setDisplayMediaRequestHandler">,
  options: Parameters<typeof createDisplayMediaHandler>[0],
): void {
  const handler = createDisplayMediaHandler(options);
  session.setDisplayMediaRequestHandler((request, callback) => handler(request, callback), { useSystemPicker: false });
}
