import type { ToastInput } from "~/components/toast";
import { clearCookieHeader, readCookie, readSignedCookie, setSignedCookieHeader } from "./cookies.server";

/** A one-shot toast carried across a redirect in a short-lived signed cookie (works without JavaScript). */
const TOAST_COOKIE = "verbale_toast";

export function flashToastHeader(toast: ToastInput): string {
  return setSignedCookieHeader(TOAST_COOKIE, toast, { maxAge: 60 });
}

/** The toast of the request (null when none or not ours) and the header that clears its cookie. */
export function readFlashToast(request: Request): { toast: ToastInput | null; clearHeader?: string } {
  if (readCookie(request, TOAST_COOKIE) === undefined) return { toast: null };
  const toast = readSignedCookie(request, TOAST_COOKIE);
  const valid = typeof toast === "object" && toast !== null && typeof (toast as ToastInput).message === "string";
  return { toast: valid ? (toast as ToastInput) : null, clearHeader: clearCookieHeader(TOAST_COOKIE) };
}
