import { describe, expect, it } from "vitest";
import {
  callAudioSupport,
  CALL_AUDIO_TEXT,
  desktopCallAudio,
  rememberedSource,
  SILENCE_RMS,
  SilenceWatch,
  usesCall,
  usesMicrophone,
} from "./call-audio";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
};

describe("callAudioSupport", () => {
  it("desktop Chrome and Edge can record the call", () => {
    expect(callAudioSupport(UA.chrome, true)).toEqual({ supported: true });
    expect(callAudioSupport(UA.edge, true)).toEqual({ supported: true });
  });

  it("Firefox, Safari, phones and a browser without getDisplayMedia cannot, with the one-line reason", () => {
    const no = { supported: false, reason: CALL_AUDIO_TEXT.unsupported };
    for (const ua of [UA.firefox, UA.safari, UA.android, UA.iphone]) expect(callAudioSupport(ua, true)).toEqual(no);
    expect(callAudioSupport(UA.chrome, false)).toEqual(no);
  });
});

describe("desktopCallAudio", () => {
  it("in the desktop app the call is the computer's output, supported as the shell found it", () => {
    const loopback = desktopCallAudio({ supported: true, method: "loopback" });
    expect(loopback.support).toEqual({ supported: true });
    expect(loopback.labels).toEqual({
      microphone: "Solo microfono",
      "microphone-and-call": "Microfono e audio del computer",
      call: "Solo audio del computer",
    });
    expect(desktopCallAudio({ supported: true, method: "monitor", deviceLabel: "Monitor of Built-in" }).support.supported).toBe(true);
    const none = desktopCallAudio({ supported: false, reason: "Serve macOS 13 o più recente." });
    expect(none.support).toEqual({ supported: false, reason: "Serve macOS 13 o più recente." });
    expect(rememberedSource("microphone-and-call", none.support)).toBe("microphone");
  });
});

describe("rememberedSource", () => {
  it("keeps a valid choice, falls back to «Solo microfono» for garbage or where the call cannot be recorded", () => {
    expect(rememberedSource("microphone-and-call", { supported: true })).toBe("microphone-and-call");
    expect(rememberedSource("call", { supported: true })).toBe("call");
    expect(rememberedSource("screen", { supported: true })).toBe("microphone");
    expect(rememberedSource(null, { supported: true })).toBe("microphone");
    expect(rememberedSource("call", { supported: false, reason: "" })).toBe("microphone");
    expect(rememberedSource("microphone", { supported: false, reason: "" })).toBe("microphone");
  });

  it("which sources open the microphone and which the share", () => {
    expect([usesMicrophone("microphone"), usesMicrophone("microphone-and-call"), usesMicrophone("call")]).toEqual([true, true, false]);
    expect([usesCall("microphone"), usesCall("microphone-and-call"), usesCall("call")]).toEqual([false, true, true]);
  });
});

describe("SilenceWatch", () => {
  const loud = 0.1;
  const quiet = SILENCE_RMS / 2;
  /** Feeds one reading per second for `seconds`; answers the last verdict. */
  const feed = (watch: SilenceWatch, mic: number, call: number, seconds: number, from: number) => {
    let warn = false;
    for (let s = 0; s < seconds; s++) warn = watch.update(mic, call, (from + s) * 1000);
    return warn;
  };

  it("warns after 30 s of a silent call while the microphone hears someone, not before", () => {
    const watch = new SilenceWatch();
    expect(feed(watch, loud, quiet, 30, 0)).toBe(false); // 29 s counted
    expect(watch.update(loud, quiet, 30_000)).toBe(true);
  });

  it("any sound from the call clears the warning and starts again", () => {
    const watch = new SilenceWatch();
    expect(feed(watch, loud, quiet, 40, 0)).toBe(true);
    expect(watch.update(loud, loud, 40_000)).toBe(false);
    expect(feed(watch, loud, quiet, 20, 41)).toBe(false);
  });

  it("a meeting silent on both sides does not count", () => {
    const watch = new SilenceWatch();
    expect(feed(watch, quiet, quiet, 120, 0)).toBe(false);
    expect(feed(watch, loud, quiet, 20, 120)).toBe(false);
  });

  it("reset (pause, new share) counts from zero", () => {
    const watch = new SilenceWatch();
    feed(watch, loud, quiet, 25, 0);
    watch.reset();
    expect(feed(watch, loud, quiet, 25, 100)).toBe(false);
  });
});
