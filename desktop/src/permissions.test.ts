import { describe, expect, it } from "vitest";
import { allowPermissionCheck, allowPermissionRequest, installPermissionHandlers, originOf } from "./permissions";

const APP = "http://127.0.0.1:41000";

describe("allowPermissionRequest", () => {
  it("grants the microphone to the app's own pages", () => {
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, mediaTypes: ["audio"], securityOrigin: `${APP}/` })).toBe(true);
  });
  it("refuses the camera, even together with the microphone", () => {
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, mediaTypes: ["video"] })).toBe(false);
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, mediaTypes: ["audio", "video"] })).toBe(false);
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, mediaTypes: [] })).toBe(false);
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record` })).toBe(false);
  });
  it("refuses the microphone to any other origin, another port of localhost included", () => {
    for (const url of [
      "https://example.com/",
      "http://127.0.0.1:41001/record",
      "http://localhost:41000/record",
      "file:///tmp/x.html",
      "",
      "not a url",
    ]) {
      expect(allowPermissionRequest(APP, "media", { requestingUrl: url, mediaTypes: ["audio"] })).toBe(false);
    }
    // An embedded frame of another origin inside our page.
    expect(
      allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, securityOrigin: "https://evil.example", mediaTypes: ["audio"] }),
    ).toBe(false);
  });
  it("refuses every other permission, for our origin too", () => {
    for (const permission of [
      "notifications",
      "geolocation",
      "display-capture",
      "clipboard-read",
      "screen-wake-lock",
      "openExternal",
      "midi",
      "hid",
      "unknown",
    ]) {
      expect(allowPermissionRequest(APP, permission, { requestingUrl: `${APP}/record`, mediaTypes: ["audio"] })).toBe(false);
    }
  });
});

describe("display capture (the computer's sound, issue 30)", () => {
  const on = { displayCapture: true };
  it("is granted to the app's own main frame only where it brings the system's sound", () => {
    expect(allowPermissionRequest(APP, "display-capture", { requestingUrl: `${APP}/record`, isMainFrame: true }, on)).toBe(true);
    expect(allowPermissionCheck(APP, "display-capture", APP, {}, on)).toBe(true);
    // Off (Linux uses the monitor input, old macOS has no loopback): refused as before.
    expect(allowPermissionRequest(APP, "display-capture", { requestingUrl: `${APP}/record`, isMainFrame: true })).toBe(false);
    expect(allowPermissionCheck(APP, "display-capture", APP, {})).toBe(false);
  });
  it("is refused to other origins and to frames inside the page", () => {
    expect(allowPermissionRequest(APP, "display-capture", { requestingUrl: "https://evil.example/", isMainFrame: true }, on)).toBe(false);
    expect(allowPermissionRequest(APP, "display-capture", { requestingUrl: `${APP}/record`, isMainFrame: false }, on)).toBe(false);
    expect(allowPermissionRequest(APP, "display-capture", { requestingUrl: `${APP}/record`, securityOrigin: "https://evil.example" }, on)).toBe(
      false,
    );
    expect(allowPermissionCheck(APP, "display-capture", "http://127.0.0.1:41001", {}, on)).toBe(false);
    // The camera stays refused with it.
    expect(allowPermissionRequest(APP, "media", { requestingUrl: `${APP}/record`, mediaTypes: ["video"] }, on)).toBe(false);
  });
});

describe("allowPermissionCheck", () => {
  it("answers yes only for audio media from the app's origin", () => {
    expect(allowPermissionCheck(APP, "media", `${APP}/`, { mediaType: "audio" })).toBe(true);
    expect(allowPermissionCheck(APP, "media", APP, { mediaType: "video" })).toBe(false);
    expect(allowPermissionCheck(APP, "media", "https://example.com", { mediaType: "audio" })).toBe(false);
    expect(allowPermissionCheck(APP, "geolocation", APP, {})).toBe(false);
  });
});

describe("originOf", () => {
  it("returns undefined for opaque or invalid URLs", () => {
    expect(originOf("file:///x")).toBeUndefined();
    expect(originOf("data:text/html,hi")).toBeUndefined();
    expect(originOf("::")).toBeUndefined();
    expect(originOf(`${APP}/a?b#c`)).toBe(APP);
  });
});

describe("installPermissionHandlers", () => {
  it("wires the request, check and device handlers into the session", () => {
    const installed: Record<string, (...args: never[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (handler: unknown) => void (installed.request = handler as never),
      setPermissionCheckHandler: (handler: unknown) => void (installed.check = handler as never),
      setDevicePermissionHandler: (handler: unknown) => void (installed.device = handler as never),
    };
    installPermissionHandlers(session as never, APP);
    const answers: boolean[] = [];
    const request = installed.request as unknown as (w: unknown, p: string, cb: (ok: boolean) => void, d: unknown) => void;
    request({}, "media", (ok) => answers.push(ok), { requestingUrl: `${APP}/record`, mediaTypes: ["audio"], isMainFrame: true });
    request({}, "notifications", (ok) => answers.push(ok), { requestingUrl: `${APP}/record`, isMainFrame: true });
    expect(answers).toEqual([true, false]);
    const check = installed.check as unknown as (w: unknown, p: string, o: string, d: unknown) => boolean;
    expect(check(null, "media", APP, { mediaType: "audio", isMainFrame: true })).toBe(true);
    expect((installed.device as unknown as () => boolean)()).toBe(false);
  });
});
