import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { getConfig } from "./config.server";

/**
 * Every cookie of the app goes through here: httpOnly, SameSite=Lax, Path=/, and Secure when the
 * app is served over https. Cookies that carry data (the toast, the Google OAuth state) are
 * signed with SESSION_SECRET, so a forged or edited value reads as absent.
 */

type Lifetime = { maxAge: number } | { expires: Date };

function attributes(lifetime: Lifetime) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: getConfig().APP_URL.startsWith("https://"), ...lifetime };
}

/** The value of a cookie of the request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  return parse(header)[name] || undefined;
}

export function setCookieHeader(name: string, value: string, lifetime: Lifetime): string {
  return serialize(name, value, attributes(lifetime));
}

export function clearCookieHeader(name: string): string {
  return serialize(name, "", attributes({ maxAge: 0 }));
}

function sign(payload: string): string {
  return createHmac("sha256", getConfig().SESSION_SECRET).update(payload).digest("base64url");
}

/** A cookie holding `data` as signed JSON. */
export function setSignedCookieHeader(name: string, data: unknown, lifetime: Lifetime): string {
  const payload = Buffer.from(JSON.stringify(data)).toString("base64url");
  return setCookieHeader(name, `${payload}.${sign(payload)}`, lifetime);
}

/** The JSON of a signed cookie, or undefined when it is missing, forged or unreadable. */
export function readSignedCookie(request: Request, name: string): unknown {
  const [payload, signature, extra] = (readCookie(request, name) ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
