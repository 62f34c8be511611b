import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { log } from "~/services/logger.server";

/**
 * Remix's default Node entry, plus the CSP nonce: every inline script Remix renders (the
 * context, the route modules, scroll restoration, streamed data) carries the nonce that the
 * Content-Security-Policy of this response allows (server/security-headers.ts).
 */

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // Bots and crawlers get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady: waitForAll ? ready : undefined,
        onShellReady: waitForAll ? undefined : ready,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the initial shell reject and are logged by Remix; later ones only here.
          if (shellRendered) log.error({ err: error, path: new URL(request.url).pathname }, "[remix] errore durante il rendering");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Errors thrown by loaders and actions (Remix answers them with the error page or a 500). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // A client that went away aborts its loaders: not an error of ours.
  if (request.signal.aborted) return;
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "[remix] errore in un loader o in un'azione");
};

// The process entry points (server/start.mjs, server/dev.mjs) reach the start-up code through
// this module (build.entry.module), so it is bundled with the routes and the app's modules load
// once (decision 015).
export { startApp } from "../server/app";
export { serveFromCommandLine } from "../server/index";
