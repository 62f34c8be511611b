import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { HTTP_ERRORS } from "../app/lib/messages";
import { isCrossOriginWriteHeaders, isLiveSessionToken, sessionTokenFromHeaders } from "../app/services/session.server";

/**
 * Express middleware that stands in front of Remix: refusals a client's request earns before any
 * route runs, each answered in Italian (JSON under /api, a small page elsewhere), and the error
 * handler that keeps stacks and server paths in the log.
 */

type ErrorStatus = keyof typeof HTTP_ERRORS | 408 | 503;

const EXTRA_TEXTS: Record<number, string> = {
  408: "Richiesta troppo lenta. Riprova.",
  503: "Servizio momentaneamente non disponibile. Riprova tra poco.",
};

export function errorText(status: number): string {
  return (HTTP_ERRORS as Record<number, string>)[status] ?? EXTRA_TEXTS[status] ?? (status >= 500 ? HTTP_ERRORS[500] : HTTP_ERRORS[400]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Italian answer for a refused request: JSON for /api, a minimal page for everything else. */
export function sendError(req: Request, res: Response, status: ErrorStatus | number, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const message = errorText(status);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  // The body of a refused upload is not read: close the connection instead of draining it.
  if (!req.complete) res.set("Connection", "close");
  if (req.path.startsWith("/api/")) {
    res.json({ success: false, message });
    return;
  }
  res
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(message)} — Verbale</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
        `<h1 style="font-size:1.25rem">${escapeHtml(message)}</h1><p><a href="/">Torna alla pagina iniziale</a></p></body></html>`,
    );
}

/**
 * A path that does not decode (/%E0%A4%A) or holds a NUL (%00, which Postgres refuses in text):
 * a 400 here instead of a stack or a 500 later.
 */
export const refuseMalformedUrl: RequestHandler = (req, res, next) => {
  if (/%00/i.test(req.originalUrl)) return sendError(req, res, 400);
  try {
    decodeURIComponent(req.path);
  } catch {
    return sendError(req, res, 400);
  }
  next();
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Page actions (everything outside /api) posted from another site answer 403 in Italian. Remix
 * has a check of its own that compares Origin with X-Forwarded-Host or Host and answers a bare
 * 500; once ours has accepted the origin (APP_URL's), Remix is told the host it should compare.
 */
export function refuseCrossOriginPageWrites(appUrl: string): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method) || req.path.startsWith("/api/")) return next();
    const origin = req.get("Origin") ?? null;
    const crossOrigin = isCrossOriginWriteHeaders(
      { method: req.method, origin, host: req.get("Host") ?? null, secFetchSite: req.get("Sec-Fetch-Site") ?? null },
      appUrl,
    );
    if (crossOrigin) return sendError(req, res, 403);
    if (origin && origin !== "null") req.headers["x-forwarded-host"] = new URL(origin).host;
    else delete req.headers["x-forwarded-host"];
    next();
  };
}

function hasBody(req: Request): boolean {
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Request bodies of callers without a live session (sign-in, registration, or anyone at all) are
 * limited in number and in time: at most `maxConcurrent` at once (then 503 with Retry-After) and
 * `deadlineMs` to arrive in full, so slow bodies cannot hold the server's connections. Bodies of
 * signed-in users (uploads of long meetings) are bounded by the server's requestTimeout only.
 */
export function limitUnauthenticatedBodies(options: { maxConcurrent: number; deadlineMs: number }): RequestHandler & { inFlight: () => number } {
  let inFlight = 0;
  const handler: RequestHandler = (req, res, next) => {
    if (!hasBody(req)) return next();
    const token = sessionTokenFromHeaders(req.headers.authorization, req.headers.cookie);
    const check = token ? isLiveSessionToken(token).catch(() => false) : Promise.resolve(false);
    check.then((live) => {
      if (live) return next();
      if (inFlight >= options.maxConcurrent) return sendError(req, res, 503, { "Retry-After": "5" });
      inFlight += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight -= 1;
        clearTimeout(timer);
      };
      const timer = setTimeout(() => {
        // Still arriving after the deadline: answer 408 if nothing was sent yet, then hang up.
        if (!req.complete) {
          if (!res.headersSent) sendError(req, res, 408);
          setImmediate(() => req.socket.destroy());
        }
        release();
      }, options.deadlineMs);
      timer.unref();
      req.once("end", release);
      req.once("close", release);
      res.once("close", release);
      next();
    }, next);
  };
  return Object.assign(handler, { inFlight: () => inFlight });
}

/**
 * The last handler: anything thrown or passed to next(err) by Express or a middleware. The client
 * gets the Italian text of the status (4xx kept, anything else 500); the log gets the detail.
 */
export function errorHandler(log: (line: string, error?: unknown) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const declared = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode);
    const status = declared >= 400 && declared < 500 ? declared : 500;
    if (status >= 500) log(`[http] ${req.method} ${req.path}: errore non gestito`, error);
    else log(`[http] ${req.method} ${req.path}: ${status} ${(error as Error)?.message ?? ""}`.trim());
    sendError(req, res, status);
  };
}

/**
 * Placed right before Remix. A request whose connection closed while an earlier middleware was
 * waiting (limitUnauthenticatedBodies asks the database about the session) has already emitted
 * its end of stream: Remix's body stream, attached only now, would wait for events that never
 * come, and an upload handler with it (its temporary folder kept until the request timeout). The
 * client is gone and cannot read an answer, so nothing runs.
 */
export const dropRequestsOfGoneClients: RequestHandler = (req, res, next) => {
  if (req.destroyed) {
    res.destroy();
    return;
  }
  next();
};
