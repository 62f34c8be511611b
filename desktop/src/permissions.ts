import type { Session } from "electron";

/**
 * Permission policy: the app's own origin may use the microphone (the recorder), and nothing
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

/** A permission request (asynchronous prompt) from a page. */
export function allowPermissionRequest(
  appOrigin: string,
  permission: string,
  details: { requestingUrl?: string; securityOrigin?: string; mediaTypes?: readonly string[]; isMainFrame?: boolean },
): boolean {
  if (permission !== "media") return false;
  if (originOf(details.requestingUrl) !== appOrigin) return false;
  if (details.securityOrigin !== undefined && originOf(details.securityOrigin) !== appOrigin) return false;
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
): boolean {
  if (permission !== "media") return false;
  if (originOf(requestingOrigin) !== appOrigin) return false;
  if (details.securityOrigin !== undefined && originOf(details.securityOrigin) !== appOrigin) return false;
  return details.mediaType === "audio";
}

type PermissionSession = Pick<Session, "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler">;

export function installPermissionHandlers(session: PermissionSession, appOrigin: string): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(allowPermissionRequest(appOrigin, permission, details));
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) =>
    allowPermissionCheck(appOrigin, permission, requestingOrigin, details),
  );
  // HID, serial and USB pickers: never.
  session.setDevicePermissionHandler(() => false);
}
