import type { ToastInput } from "~/components/toast";

/** A one-shot toast carried across a redirect in a short-lived cookie (works without JavaScript). */
const TOAST_COOKIE = "verbale_toast";

export function flashToastHeader(toast: ToastInput): string {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${TOAST_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function readFlashToast(request: Request): { toast: ToastInput | null; clearHeader?: string } {
  const header = request.headers.get("Cookie") ?? "";
  const match = header.match(new RegExp(`(?:^|;\\s*)${TOAST_COOKIE}=([^;]+)`));
  if (!match) return { toast: null };
  try {
    const toast = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")) as ToastInput;
    return { toast, clearHeader: `${TOAST_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
  } catch {
    return { toast: null, clearHeader: `${TOAST_COOKIE}=; Path=/; Max-Age=0` };
  }
}
