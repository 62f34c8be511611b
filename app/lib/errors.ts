import { HTTP_ERRORS, MSG } from "./messages";

/** The error catalogue of spec section 8: the text a client shows for a failed response. */
export function errorTextForStatus(status: number, body?: unknown): string {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.error_message === "string" && b.error_message) return b.error_message;
    if (typeof b.message === "string" && b.message) return b.message;
    if (status === 429 && b.retryAfter !== undefined) return MSG.tooManyRequestsRetry(formatRetryAfter(b.retryAfter));
  }
  if (status === 429) return HTTP_ERRORS[429];
  if (status === 500 || status === 502 || status === 503 || status === 504) return HTTP_ERRORS[500];
  if (status in HTTP_ERRORS) return HTTP_ERRORS[status as keyof typeof HTTP_ERRORS];
  return MSG.httpError(status);
}

/** "Troppe richieste. Riprova tra {retryAfter}." with seconds rendered in Italian. */
export function formatRetryAfter(retryAfter: unknown): string {
  const seconds = typeof retryAfter === "number" ? retryAfter : Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return MSG.retryAfterDefault;
  if (seconds < 60) return `${Math.ceil(seconds)} secondi`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minuti`;
}

/** Reads a fetch Response into { ok, data, message } using the catalogue. */
export async function readApiResponse<T = Record<string, unknown>>(
  response: Response,
): Promise<{ ok: true; data: T } | { ok: false; status: number; message: string; data?: unknown }> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    if (response.ok) return { ok: false, status: response.status, message: MSG.networkError };
    return { ok: false, status: response.status, message: errorTextForStatus(response.status) };
  }
  if (!response.ok || (data && typeof data === "object" && (data as { success?: unknown }).success === false)) {
    return { ok: false, status: response.status, message: errorTextForStatus(response.status, data), data };
  }
  return { ok: true, data: data as T };
}

/** Only a lost connection (0) or the server's own trouble can go better on a second try; a refusal of the request (4xx) cannot. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
