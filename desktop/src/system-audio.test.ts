import { describe, expect, it, vi } from "vitest";
import { messages } from "./messages";
import {
  createDisplayMediaHandler,
  installSystemAudio,
  loopbackFeatures,
  macOSMajor,
  parsePactlSources,
  pickMonitor,
  systemAudioSupport,
  type Exec,
  type SystemAudioSupport,
} from "./system-audio";

const APP = "http://127.0.0.1:41000";

/** `LC_ALL=C pactl list sources` as PipeWire's pulse layer prints it (trimmed). */
const PACTL_SOURCES = `Source #55
\tState: SUSPENDED
\tName: alsa_output.pci-0000_00_1f.3.analog-stereo.monitor
\tDescription: Monitor of Built-in Audio Analog Stereo
\tDriver: PipeWire
\tMonitor of Sink: alsa_output.pci-0000_00_1f.3.analog-stereo
\tFlags: DECIBEL_VOLUME LATENCY

Source #56
\tState: RUNNING
\tName: alsa_input.pci-0000_00_1f.3.analog-stereo
\tDescription: Built-in Audio Analog Stereo
\tMonitor of Sink: n/a

Source #61
\tState: SUSPENDED
\tName: bluez_output.AA_BB.1.monitor
\tDescription: Monitor of Cuffie WH-1000XM4
\tMonitor of Sink: bluez_output.AA_BB.1
`;

function fakeExec(outputs: Record<string, string | Error>): Exec {
  return vi.fn(async (file: string, args: string[]) => {
    const out = outputs[[file, ...args].join(" ")];
    if (out === undefined || out instanceof Error) throw out ?? new Error(`spawn ${file} ENOENT`);
    return out;
  });
}

describe("where the computer's sound can be recorded", () => {
  it("Windows: loopback, no picker", async () => {
    expect(await systemAudioSupport("win32", "10.0.22631", fakeExec({}))).toEqual({ supported: true, method: "loopback" });
    expect(loopbackFeatures("win32", "10.0.22631")).toEqual([]);
  });

  it("macOS 13 and later: loopback through ScreenCaptureKit (its Chromium features switched on); older: why not", async () => {
    expect(macOSMajor("22.1.0")).toBe(13);
    expect(macOSMajor("24.0.0")).toBe(15);
    expect(macOSMajor("x")).toBeUndefined();
    expect(await systemAudioSupport("darwin", "22.1.0", fakeExec({}))).toEqual({ supported: true, method: "loopback" });
    expect(loopbackFeatures("darwin", "23.4.0")).toEqual(["MacLoopbackAudioForScreenShare", "MacSckSystemAudioLoopbackOverride"]);
    expect(await systemAudioSupport("darwin", "21.6.0", fakeExec({}))).toEqual({ supported: false, reason: messages.systemAudioOldMac });
    expect(loopbackFeatures("darwin", "21.6.0")).toEqual([]);
  });

  it("Linux: the monitor of the default output, by the label the page sees", async () => {
    const exec = fakeExec({ "pactl list sources": PACTL_SOURCES, "pactl get-default-sink": "bluez_output.AA_BB.1\n" });
    expect(await systemAudioSupport("linux", "6.8.0", exec)).toEqual({
      supported: true,
      method: "monitor",
      deviceLabel: "Monitor of Cuffie WH-1000XM4",
    });
    // PulseAudio before 15 has no get-default-sink: the first monitor.
    const old = fakeExec({ "pactl list sources": PACTL_SOURCES });
    expect(await systemAudioSupport("linux", "5.4.0", old)).toMatchObject({ deviceLabel: "Monitor of Built-in Audio Analog Stereo" });
    expect(loopbackFeatures("linux", "6.8.0")).toEqual([]);
  });

  it("Linux without PulseAudio or PipeWire, or without any output: why not", async () => {
    expect(await systemAudioSupport("linux", "6.8.0", fakeExec({}))).toEqual({ supported: false, reason: messages.systemAudioNoMonitor });
    const onlyMic = fakeExec({
      "pactl list sources": "Source #56\n\tName: alsa_input.usb-mic\n\tDescription: Microfono USB\n\tMonitor of Sink: n/a\n",
    });
    expect(await systemAudioSupport("linux", "6.8.0", onlyMic)).toMatchObject({ supported: false });
    expect(await systemAudioSupport("freebsd", "14.0", fakeExec({}))).toEqual({ supported: false, reason: messages.systemAudioUnsupported });
  });

  it("reads pactl's source list", () => {
    const sources = parsePactlSources(PACTL_SOURCES);
    expect(sources.map((s) => s.monitorOf)).toEqual(["alsa_output.pci-0000_00_1f.3.analog-stereo", undefined, "bluez_output.AA_BB.1"]);
    expect(pickMonitor(sources, "alsa_output.pci-0000_00_1f.3.analog-stereo")?.description).toBe("Monitor of Built-in Audio Analog Stereo");
    expect(pickMonitor(sources, "sconosciuto")?.name).toBe("alsa_output.pci-0000_00_1f.3.analog-stereo.monitor");
    expect(pickMonitor([], undefined)).toBeUndefined();
  });
});

describe("the answer to the page's getDisplayMedia", () => {
  const screen = { id: "screen:0:0", name: "Schermo intero" } as never;
  function setup(support: SystemAudioSupport = { supported: true, method: "loopback" }, sources: unknown[] = [screen]) {
    const getSources = vi.fn(async () => sources as never[]);
    const log = vi.fn();
    const handler = createDisplayMediaHandler({ appOrigin: APP, support: async () => support, getSources, log });
    const answer = (request: { securityOrigin?: string; frame?: { url?: string } | null; audioRequested: boolean }) =>
      new Promise<unknown>((resolve) => handler(request, resolve));
    return { getSources, log, answer };
  }

  it("gives the app's page the first screen with the system's sound, without asking", async () => {
    const t = setup();
    expect(await t.answer({ securityOrigin: APP, frame: { url: `${APP}/record` }, audioRequested: true })).toEqual({
      video: screen,
      audio: "loopback",
    });
    expect(t.getSources).toHaveBeenCalledWith(expect.objectContaining({ types: ["screen"] }));
  });

  it("refuses other origins, requests without audio, platforms without loopback and computers without a screen", async () => {
    const t = setup();
    expect(await t.answer({ securityOrigin: "https://evil.example", frame: { url: "https://evil.example/" }, audioRequested: true })).toBeNull();
    expect(await t.answer({ securityOrigin: APP, frame: { url: "https://evil.example/" }, audioRequested: true })).toBeNull();
    expect(await t.answer({ frame: null, audioRequested: true })).toBeNull();
    expect(await t.answer({ securityOrigin: APP, frame: { url: `${APP}/record` }, audioRequested: false })).toBeNull();
    expect(t.getSources).not.toHaveBeenCalled();
    expect(t.log).toHaveBeenCalledTimes(3);
    expect(await setup({ supported: true, method: "monitor", deviceLabel: "x" }).answer({ securityOrigin: APP, audioRequested: true })).toBeNull();
    expect(await setup({ supported: false, reason: "no" }).answer({ securityOrigin: APP, audioRequested: true })).toBeNull();
    expect(await setup(undefined, []).answer({ securityOrigin: APP, audioRequested: true })).toBeNull();
  });

  it("refuses rather than hangs when the screen list fails", async () => {
    const t = setup();
    t.getSources.mockRejectedValueOnce(new Error("ScreenCaptureKit negato"));
    expect(await t.answer({ securityOrigin: APP, audioRequested: true })).toBeNull();
    expect(t.log).toHaveBeenCalledWith(expect.stringContaining("ScreenCaptureKit negato"));
  });

  it("is installed without the system picker", async () => {
    const session = { setDisplayMediaRequestHandler: vi.fn() };
    installSystemAudio(session as never, {
      appOrigin: APP,
      support: async () => ({ supported: true, method: "loopback" }),
      getSources: async () => [screen],
    });
    expect(session.setDisplayMediaRequestHandler).toHaveBeenCalledWith(expect.any(Function), { useSystemPicker: false });
    const installed = session.setDisplayMediaRequestHandler.mock.calls[0][0] as (r: unknown, cb: (s: unknown) => void) => void;
    expect(await new Promise((resolve) => installed({ securityOrigin: APP, audioRequested: true }, resolve))).toEqual({
      video: screen,
      audio: "loopback",
    });
  });
});
