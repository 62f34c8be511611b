import type { Session } from "electron";

/**
 * Permission policy: the app's own origin may use the microphone (the recorder) and, where the
 * computer's sound is recorded through screen capture (system-audio.ts), display capture; nothing
 * else is granted to anyone. Only the decisions live here; `installPermissionHandlers` wires
 * them into an Electron session.
 */

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** What may be granted besides the microphone: display capture only where it brings the system's sound. */
export type PermissionOptions = { displayCapture?: boolean };

/** A permission request (asynchronous prompt) from a page. */
export function allowPermissionRequest(
  appOrigin: string,
  permission: string,
  details: { requestingUrl?: string; securityOrigin?: string; mediaTypes?: readonly string[]; isMainFrame?: boolean },
  options: PermissionOptions = {},
): boolean {
  if (permission !== "media" && !(permission === "display-capture" && options.displayCapture)) return false;
  if (originOf(details.requestingUrl) !== appOrigin) return false;
  if (details.securityOrigin !== undefined && originOf(details.securityOrigin) !== appOrigin) return false;
  // The screen is asked for only to get its sound, and only by the app's own page, not a frame in it.
  if (permission === "display-capture") return details.isMainFrame !== false;
  const types = details.mediaTypes ?? [];
  // Audio only: the recorder never needs the camera, so a request that includes video is refused whole.
  return types.length > 0 && types.every((type) => type === "audio");
}

/** A synchronous permission check (e.g. navigator.permissions.query or device enumeration). */
export function allowPermissionCheck(
  appOrigin: string,
  permission: string,
  requestingOrigin: string,
  details: { mediaType?: string; securityOrigin?: string },
  options: PermissionOptions = {},
): boolean {
  if (permission !== "media" && !(permission === "display-capture" && options.displayCapture)) return false;
  if (originOf(requestingOrigin) !== appOrigin) return false;
  if (details.securityOrigin !== undefined && originOf(details.securityOrigin) !== appOrigin) return false;
  if (permission === "display-capture") return true;
  return details.mediaType === "audio";
}

type PermissionSession = Pick<Session, "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler">;

export function installPermissionHandlers(session: PermissionSession, appOrigin: string, options: PermissionOptions = {}): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(allowPermissionRequest(appOrigin, permission, details, options));
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) =>
    allowPermissionCheck(appOrigin, permission, requestingOrigin, details, options),
  );
  // HID, serial and USB pickers: never.
  session.setDevicePermissionHandler(() => false);
}
