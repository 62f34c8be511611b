import { describe, expect, it, vi } from "vitest";
import { decideNavigation, decideNewWindow, installNavigationGuards } from "./navigation";

const APP = "http://127.0.0.1:41000";

describe("decideNavigation", () => {
  it("allows the app's own pages", () => {
    expect(decideNavigation(`${APP}/transcription/12`, APP)).toBe("allow");
    expect(decideNavigation(`${APP}/`, APP)).toBe("allow");
  });
  it("sends other web origins and mail links to the system", () => {
    expect(decideNavigation("https://www.example.com/help", APP)).toBe("external");
    expect(decideNavigation("http://127.0.0.1:9999/", APP)).toBe("external");
    expect(decideNavigation("mailto:supporto@verbale.it", APP)).toBe("external");
  });
  it("drops local files, scripts and unknown schemes", () => {
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "data:text/html,x", "ms-settings:privacy", "not a url"]) {
      expect(decideNavigation(url, APP)).toBe("deny");
    }
  });
});

describe("decideNewWindow", () => {
  it("keeps same-origin popups in the main window and sends the rest outside", () => {
    expect(decideNewWindow(`${APP}/api/documents/3`, APP)).toBe("same-window");
    expect(decideNewWindow("https://example.com", APP)).toBe("external");
    expect(decideNewWindow("file:///x", APP)).toBe("deny");
  });
});

function fakeContents() {
  const listeners: Record<string, (event: { url: string; preventDefault: () => void }) => void> = {};
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, listener: never) => {
      listeners[name] = listener;
      return contents;
    },
    setWindowOpenHandler: (handler: never) => void (openHandler = handler),
    loadURL: vi.fn(async () => {}),
  };
  const navigate = (name: string, url: string) => {
    const event = { url, preventDefault: vi.fn() };
    listeners[name](event);
    return event;
  };
  return { contents, navigate, open: (url: string) => openHandler!({ url }) };
}

describe("installNavigationGuards", () => {
  it("lets own navigation through and opens other links in the system browser", async () => {
    const { contents, navigate } = fakeContents();
    const openExternal = vi.fn(async () => {});
    installNavigationGuards(contents as never, APP, openExternal);
    expect(navigate("will-navigate", `${APP}/recordings`).preventDefault).not.toHaveBeenCalled();
    expect(navigate("will-navigate", "https://example.com/").preventDefault).toHaveBeenCalled();
    expect(navigate("will-redirect", "https://accounts.example.com/o/oauth").preventDefault).toHaveBeenCalled();
    expect(navigate("will-navigate", "file:///etc/hosts").preventDefault).toHaveBeenCalled();
    expect(openExternal.mock.calls).toEqual([["https://example.com/"], ["https://accounts.example.com/o/oauth"]]);
  });

  it("never opens a second window", () => {
    const { contents, open } = fakeContents();
    const openExternal = vi.fn(async () => {});
    installNavigationGuards(contents as never, APP, openExternal);
    expect(open("https://example.com/terms")).toEqual({ action: "deny" });
    expect(open(`${APP}/transcription/4`)).toEqual({ action: "deny" });
    expect(open("javascript:alert(1)")).toEqual({ action: "deny" });
    expect(openExternal).toHaveBeenCalledWith("https://example.com/terms");
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(contents.loadURL).toHaveBeenCalledWith(`${APP}/transcription/4`);
  });

  it("only logs when the system browser cannot be opened", async () => {
    const { contents, navigate } = fakeContents();
    const log = vi.fn();
    installNavigationGuards(contents as never, APP, async () => Promise.reject(new Error("no browser")), log);
    navigate("will-navigate", "https://example.com/");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toHaveBeenCalledWith(expect.stringContaining("no browser"));
  });
});
