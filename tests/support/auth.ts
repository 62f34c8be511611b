import { randomBytes } from "node:crypto";
import type { ToastInput } from "~/components/toast";
import { readFlashToast } from "~/services/toast.server";

/**
 * Calling route modules as a browser or API client would. Each call gets its own client address
 * (the load context's clientIp, as the HTTP server sets it) unless one is given, so per-IP rate
 * limits of one test do not leak into another.
 */

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body, checked field by field by the assertions
export type Answer = { status: number; body: any; headers: Headers; cookies: string[] };

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function call(
  handler: unknown,
  pathname: string,
  options: {
    method?: string;
    body?: unknown;
    form?: Record<string, string | string[]>;
    token?: string;
    cookie?: string;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
    body = params.toString();
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://localhost:3000${pathname}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  let response: Response;
  try {
    const result: unknown = await (handler as Handler)({ request, params: {}, context: { clientIp: options.ip ?? randomIp() } });
    // Loaders may return plain data.
    response = result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed, headers: response.headers, cookies: response.headers.getSetCookie() };
}

/** "name=value" of a Set-Cookie list, for the next request's Cookie header. */
export function cookieValue(cookies: string[], name: string): string | undefined {
  const line = cookies.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0] : undefined;
}

/** The toast a Set-Cookie list carries, read back as the next page load would (signature checked). */
export function toastOf(cookies: string[]): ToastInput | null {
  const cookie = cookieValue(cookies, "verbale_toast");
  return cookie ? readFlashToast(new Request("http://localhost/", { headers: { Cookie: cookie } })).toast : null;
}
