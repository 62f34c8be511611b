import { getSql } from "~/db/client.server";
import { getWorker } from "../../worker/runner";

/** Liveness and readiness for operators and the desktop shell: database and worker state. */
export async function loader() {
  let database: "ok" | "error" = "ok";
  try {
    await getSql()`select 1`;
  } catch {
    database = "error";
  }
  const worker = getWorker()?.isRunning() ? "ok" : "stopped";
  const ok = database === "ok" && worker === "ok";
  return Response.json({ status: ok ? "ok" : "degraded", database, worker }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
