import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * One log line per request, written when the answer is sent or the connection closes: method,
 * path, status, duration. The query string is left out (reset tokens and OAuth codes travel
 * there), and so are headers and bodies.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      // req.path is the path Express routed (without the query); originalUrl keeps a mount prefix.
      const path = req.originalUrl.split("?")[0];
      const line = { method: req.method, path, status: res.statusCode, durationMs, ...(res.writableFinished ? {} : { aborted: true }) };
      if (res.statusCode >= 500) log.warn(line, "richiesta");
      else log.info(line, "richiesta");
    };
    res.once("finish", write);
    res.once("close", write);
    next();
  };
}
