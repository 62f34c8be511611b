import { defaultErrorMap, z, ZodError, type ZodTypeAny } from "zod";
import { formatRetryAfter } from "~/lib/errors";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { log } from "./logger.server";

/**
 * The JSON side of the /api contract: errors are { success: false, message } with the catalogue
 * text and the right status; no stack trace ever reaches a client.
 */

export class ApiError extends Error {
  constructor(
    public status: number,
    message?: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message ?? HTTP_ERRORS[status as keyof typeof HTTP_ERRORS] ?? HTTP_ERRORS[500]);
  }
}

export const badRequest = (message?: string, extra?: Record<string, unknown>) => new ApiError(400, message, extra);
export const unauthorized = (message?: string) => new ApiError(401, message);
export const forbidden = (message?: string) => new ApiError(403, message);
export const notFound = (message?: string) => new ApiError(404, message);
export const conflict = (message?: string) => new ApiError(409, message);
/** 429 worded as the catalogue says when a wait is known: 'Troppe richieste. Riprova tra {retryAfter}.' */
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new ApiError(429, message ?? MSG.tooManyRequestsRetry(formatRetryAfter(retryAfterSeconds)), {
    retryAfter: Math.ceil(retryAfterSeconds),
  });

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const responseInit = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...responseInit, headers });
}

/**
 * The first issue's own text (the schemas carry the spec's wording); zod's built-in English
 * wording ("Expected string, received number", "Required", ...) becomes the catalogue's 400 text.
 */
export function zodIssueMessage(error: ZodError, fallback: string = HTTP_ERRORS[400]): string {
  const issue = error.issues[0];
  if (!issue?.message) return fallback;
  return issue.message === defaultErrorMap(issue, { data: undefined, defaultError: "" }).message ? fallback : issue.message;
}

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.status === 429 && typeof error.extra.retryAfter === "number") {
      headers["Retry-After"] = String(Math.ceil(error.extra.retryAfter));
    }
    return json({ success: false, message: error.message, ...error.extra }, { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    return json({ success: false, message: zodIssueMessage(error) }, 400);
  }
  log.error({ err: error }, "[api] errore non gestito");
  return json({ success: false, message: HTTP_ERRORS[500] }, 500);
}

/** Wraps a resource-route handler so thrown ApiErrors and ZodErrors become catalogue responses. */
export function apiHandler<Args>(handler: (args: Args) => Promise<Response>): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** No JSON body of the API needs more (the largest, a plan with 50 features, is a few KB). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** The body as text; past MAX_JSON_BODY_BYTES (declared or streamed) a 413, without reading the rest. */
async function readBodyBytes(request: Request): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > MAX_JSON_BODY_BYTES) throw new ApiError(413);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new ApiError(413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Postgres refuses the NUL character in text (error 22021), so a value carrying one would turn a
 * client's mistake into a 500: bodies and URLs holding one are refused with 400 up front.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v));
  return false;
}

async function readBodyText(request: Request): Promise<string> {
  return (await readBodyBytes(request)).toString("utf8");
}

/**
 * A urlencoded or multipart form body, capped like JSON bodies (413 beyond 1 MiB); anything else,
 * or a body that does not parse as a form, is a 400 instead of the TypeError formData() throws.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) throw badRequest();
  const bytes = await readBodyBytes(request);
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: { "Content-Type": type }, body: new Uint8Array(bytes) }).formData();
  } catch {
    throw badRequest();
  }
  for (const [key, value] of form.entries()) if (containsNul(key) || containsNul(value)) throw badRequest();
  return form;
}

/** readFormBody for page actions: refusals are thrown as plain Responses, which Remix renders. */
export async function readPageForm(request: Request): Promise<FormData> {
  try {
    return await readFormBody(request);
  } catch (error) {
    if (error instanceof ApiError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** No body of the API nests deeper than 4 levels; 32 leaves room and keeps recursion cheap. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests objects/arrays deeper than `max` (brackets inside strings ignored). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * A JSON body of any shape ({} when empty); malformed JSON or nesting past MAX_JSON_DEPTH is a
 * 400 (deep nesting would overflow the stack of every recursive walk that follows), an oversized
 * body a 413.
 */
export async function readJsonValue(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === "") return {};
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest();
  }
  if (containsNul(value)) throw badRequest();
  return value;
}

/** Parses a JSON body against a schema; malformed JSON or a bad field is a 400 with the schema's message. */
export async function readJsonBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = await readJsonValue(request);
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(zodIssueMessage(result.error));
  return result.data;
}

/** Only these methods reach an /api handler; others get 405 in JSON. */
export function methodNotAllowed(): Response {
  return json({ success: false, message: MSG.methodNotAllowed }, 405);
}
