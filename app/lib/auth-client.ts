import { readApiResponse } from "./errors";
import { MSG } from "./messages";

/**
 * Browser-side calls to /api/auth/*: JSON in, { ok, data } or { ok: false, status, message }
 * with the catalogue text out. The session cookie comes back with the answer, so after a sign-in
 * the caller only revalidates the page data.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string; data?: unknown };

export async function callAuthApi<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    return await readApiResponse<T>(response);
  } catch {
    return { ok: false, status: 0, message: MSG.networkError };
  }
}

/** retryAfter (seconds) of a failed answer, when the server gave one. */
export function retryAfterOf(result: ApiResult<unknown>): number | undefined {
  if (result.ok) return undefined;
  const value = (result.data as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof value === "number" && value > 0 ? Math.ceil(value) : undefined;
}
