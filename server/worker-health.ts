import http from "node:http";
import { getSql } from "../app/db/client.server";
import type { WorkerHandle } from "../worker/runner";

/**
 * The liveness endpoint of a PROCESS_ROLE=worker process: GET /healthz answers
 * 200 {"status":"ok","role":"worker","database":"ok","worker":"ok","jobsRunning":n} while the
 * worker polls the queue (or runs jobs) and the database answers, else 503 with
 * "status":"degraded" and "worker":"stopped" (the runner ended) or "stalled" (no poll for a
 * while). Nothing else is served: no pages, no /api, no versions.
 */
export async function startWorkerHealthServer(options: {
  worker: WorkerHandle;
  port: number;
  host: string;
}): Promise<{ url: string; port: number; server: http.Server; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/healthz") return send(res, 404, { error: "Non trovato." });
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { error: "Metodo non consentito." });
    void workerHealth(options.worker).then(({ ok, body }) => send(res, ok ? 200 : 503, body, req.method === "HEAD"));
  });
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const DATABASE_CHECK_MS = 2_000;

async function workerHealth(worker: WorkerHandle) {
  let database: "ok" | "error" = "ok";
  let timer: NodeJS.Timeout | undefined;
  try {
    // An orchestrator's probe has a deadline of its own: a database that does not answer is an answer.
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), DATABASE_CHECK_MS)));
    await Promise.race([getSql()`select 1`.execute(), timeout]);
  } catch {
    database = "error";
  } finally {
    clearTimeout(timer);
  }
  const liveness = worker.liveness();
  const state = !liveness.running ? "stopped" : liveness.polling ? "ok" : "stalled";
  const ok = database === "ok" && state === "ok";
  return { ok, body: { status: ok ? "ok" : "degraded", role: "worker", database, worker: state, jobsRunning: liveness.jobsRunning } };
}

function send(res: http.ServerResponse, status: number, body: unknown, headOnly = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  res.end(headOnly ? undefined : text);
}
