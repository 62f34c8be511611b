import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { startWorkerHealthServer } from "../../server/worker-health";
import { staleJobTiming } from "../../worker/tasks/unlock-stale-jobs";
import { useTestDatabase } from "../support/db";

/** The liveness endpoint of a PROCESS_ROLE=worker process (decision 022) says what the worker really does. */

const db = useTestDatabase();
let worker: WorkerHandle | undefined;
let health: Awaited<ReturnType<typeof startWorkerHealthServer>> | undefined;
afterAll(async () => {
  await health?.close();
  await worker?.stop();
});

async function probe(): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${health!.url}/healthz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("worker liveness endpoint", () => {
  it("answers 200 while the worker polls, 503 'stalled' when its polls stop reaching Postgres, 503 'stopped' once the runner ends", async () => {
    worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
    health = await startWorkerHealthServer({ worker, port: 0, host: "127.0.0.1" });
    await new Promise((r) => setTimeout(r, 500));
    expect(await probe()).toEqual({ status: 200, body: { status: "ok", role: "worker", database: "ok", worker: "ok", jobsRunning: 0 } });
    // Only /healthz: a worker serves no pages and no /api.
    expect((await fetch(`${health.url}/`)).status).toBe(404);
    expect((await fetch(`${health.url}/api/auth/me`)).status).toBe(404);

    // The worker's connections cut and refused: get_job fails, nothing polls any more.
    const admin = postgres(inject("pgServerUrl"), { max: 1, onnotice: () => {} });
    const name = new URL(db.url).pathname.slice(1);
    try {
      await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      let last = await probe();
      for (let i = 0; i < 60 && last.body.worker !== "stalled"; i++) {
        await new Promise((r) => setTimeout(r, 500));
        last = await probe();
      }
      expect(last).toMatchObject({ status: 503, body: { status: "degraded", worker: "stalled" } });
    } finally {
      await admin.unsafe(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    // Back to polling once Postgres takes connections again.
    let recovered = await probe();
    for (let i = 0; i < 40 && recovered.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 500));
      recovered = await probe();
    }
    expect(recovered.status).toBe(200);

    await worker.stop();
    expect(await probe()).toMatchObject({ status: 503, body: { status: "degraded", worker: "stopped" } });
  }, 60_000);

  it("derives beats and sweeps from WORKER_STALE_JOB_SECONDS, never rarer than the 15 s / 10 s defaults", () => {
    expect(staleJobTiming(45)).toEqual({ staleSeconds: 45, heartbeatMs: 15_000, sweepMs: 10_000 });
    expect(staleJobTiming(6)).toEqual({ staleSeconds: 6, heartbeatMs: 2_000, sweepMs: 2_000 });
    expect(staleJobTiming(600)).toEqual({ staleSeconds: 600, heartbeatMs: 15_000, sweepMs: 10_000 });
  });
});
