import { getSql } from "~/db/client.server";
import { getConfig } from "~/services/config.server";
import { getWorker } from "../../worker/runner";

/**
 * Liveness and readiness for operators, load balancers and the desktop shell: database and worker
 * state. A PROCESS_ROLE=web process runs no worker, so only its database counts (a load balancer
 * must not take the web nodes out because the workers, elsewhere, are down); the workers answer
 * for themselves on WORKER_HEALTH_PORT (decision 022).
 */
export async function loader() {
  let database: "ok" | "error" = "ok";
  try {
    await getSql()`select 1`;
  } catch {
    database = "error";
  }
  const headers = { "Cache-Control": "no-store" };
  if (getConfig().PROCESS_ROLE === "web") {
    const ok = database === "ok";
    return Response.json({ status: ok ? "ok" : "degraded", role: "web", database }, { status: ok ? 200 : 503, headers });
  }
  const worker = getWorker()?.isRunning() ? "ok" : "stopped";
  const ok = database === "ok" && worker === "ok";
  return Response.json({ status: ok ? "ok" : "degraded", database, worker }, { status: ok ? 200 : 503, headers });
}
