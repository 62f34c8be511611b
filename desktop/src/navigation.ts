import type { WebContents } from "electron";
import { originOf } from "./permissions";

/**
 * Navigation policy: the window only ever shows the app's own origin. Links elsewhere (help
 * pages, the payment provider, mailto:) go to the system browser or mail client; anything
 * else (file:, javascript:, custom schemes) is dropped.
 */

export type NavigationDecision = "allow" | "external" | "deny";

const EXTERNAL_SCHEMES = new Set(["http:", "https:", "mailto:"]);

export function decideNavigation(targetUrl: string, appOrigin: string): NavigationDecision {
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    return "deny";
  }
  if (originOf(targetUrl) === appOrigin) return "allow";
  return EXTERNAL_SCHEMES.has(url.protocol) ? "external" : "deny";
}

/** What to do with window.open / target=_blank: never a second Electron window. */
export function decideNewWindow(targetUrl: string, appOrigin: string): "same-window" | "external" | "deny" {
  const decision = decideNavigation(targetUrl, appOrigin);
  // A same-origin popup (e.g. a document link with target=_blank) opens in the main window,
  // which keeps one window and lets Electron's download handling take over for files.
  if (decision === "allow") return "same-window";
  return decision;
}

type GuardedContents = Pick<WebContents, "on" | "setWindowOpenHandler" | "loadURL">;

export function installNavigationGuards(
  contents: GuardedContents,
  appOrigin: string,
  openExternal: (url: string) => Promise<void>,
  log: (message: string) => void = console.warn,
): void {
  const openOutside = (url: string) => {
    openExternal(url).catch((error: unknown) => log(`Impossibile aprire ${url} nel browser: ${String(error)}`));
  };
  const guard = (event: { preventDefault: () => void }, url: string) => {
    const decision = decideNavigation(url, appOrigin);
    if (decision === "allow") return;
    event.preventDefault();
    if (decision === "external") openOutside(url);
  };
  contents.on("will-navigate", (event) => guard(event, event.url));
  // Server redirects (e.g. an OAuth hop) are checked too, not only clicks.
  contents.on("will-redirect", (event) => guard(event, event.url));
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNewWindow(url, appOrigin);
    if (decision === "same-window") contents.loadURL(url).catch((error: unknown) => log(String(error)));
    else if (decision === "external") openOutside(url);
    return { action: "deny" };
  });
}
