import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, disconnectDatabase } from "~/db/client.server";
import { setConfigForTests } from "~/services/config.server";
import { spawnAppProcess, type AppProcess } from "../support/app-process";
import { toneFile } from "../support/audio";
import { createTestUser, type TestUser } from "../support/db";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double";
import { startS3Server, type S3TestServer } from "../support/s3";
import { ensureFreshBuild } from "../support/running-app";

/**
 * The scaled-out topology on one machine (issue 20, decision 022): one Postgres, two
 * PROCESS_ROLE=web and two PROCESS_ROLE=worker processes of the compiled app, all started at once
 * on an empty database, each with its own DATA_DIR (as on separate machines), sharing only
 * Postgres and an S3-compatible store (s3rver, STORAGE_URL=s3://…; decision 021). 20 uploads spread over both web nodes all complete,
 * each pipeline job runs once, either web node serves any audio (Range) and document, and a worker
 * killed with SIGKILL in the middle of a job costs nothing but that job's restart elsewhere.
 * Speech and analysis come from the OpenAI-compatible test double; each process has its own key,
 * so the double's request log tells which process sent what.
 */

const root = path.resolve(import.meta.dirname, "../..");
const UPLOADS = 20;
/** Test-only shorter stale-job limit (a documented variable): a dead worker's job runs again within ~10 s. */
const STALE_JOB_SECONDS = 6;
const KEYS = { webA: "sk-web-a", webB: "sk-web-b", workerA: "sk-worker-a", workerB: "sk-worker-b" };

let admin: postgres.Sql;
let sql: postgres.Sql;
let double: OpenAIDouble;
let s3: S3TestServer;
const dirs: string[] = [];
const processes: AppProcess[] = [];

beforeAll(async () => {
  ensureFreshBuild();
  admin = postgres(inject("pgServerUrl"), { max: 1, onnotice: () => {} });
  double = await startOpenAIDouble({ apiKeys: Object.values(KEYS) });
  s3 = await startS3Server();
  // Long enough that a worker is surely inside a request when it is killed.
  double.setLatency(1200);
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop(5_000)));
  await disconnectDatabase().catch(() => {});
  await sql?.end();
  await double?.close();
  await s3?.close();
  await admin?.end();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function emptyDatabase(name: string): Promise<string> {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(inject("pgServerUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitUntil<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Tempo scaduto: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function upload(web: AppProcess, user: TestUser, file: string): Promise<string> {
  const data = new FormData();
  data.append("audio", new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
  const send = () => fetch(`${web.url}/api/transcription`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: data });
  // A kept-alive socket the server closed after 5 idle seconds (EPIPE while writing): nothing
  // reached the app, so sending again is safe.
  const response = await send().catch((error: Error & { cause?: { code?: string } }) => {
    if (error.cause?.code === "EPIPE" || error.cause?.code === "ECONNRESET") return send();
    throw error;
  });
  const body = (await response.json()) as { databaseId?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.databaseId!;
}

/** Runs the Dockerfile's HEALTHCHECK command (node -e "…") with the container's variables. */
function dockerHealthcheck(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
  const script = /^HEALTHCHECK [^\n]*\\\n\s*CMD node -e "(.+)"$/m.exec(dockerfile)?.[1];
  expect(script).toBeDefined();
  return new Promise((resolve) => {
    execFile(process.execPath, ["-e", script!], { env: { ...process.env, ...env }, timeout: 10_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: stdout + stderr }),
    );
  });
}

describe("two web and two worker processes on one Postgres (PROCESS_ROLE)", () => {
  it("start together on an empty database, complete 20 uploads once each, serve any file from either web node, survive a SIGKILLed worker", async () => {
    const dataDir = path.join(root, "tests", ".data", `topology-${process.pid}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    dirs.push(dataDir);
    const url = await emptyDatabase(`topology_${process.pid}`);
    // Each process its own DATA_DIR (as on separate machines): audio and documents go to the bucket.
    const dataDirOf = (name: string) => path.join(dataDir, name);
    const common = {
      ...s3.env("topologia"),
      DATABASE_URL: url,
      SESSION_SECRET: "segreto-condiviso-dai-nodi-web-1234",
      ADMIN_EMAIL: "admin@verbale.test",
      ADMIN_PASSWORD: "Admin12345",
      TRANSCRIPTION_ENGINE: "openai",
      ANALYSIS_ENGINE: "openai",
      OPENAI_BASE_URL: double.baseURL,
      WORKER_STALE_JOB_SECONDS: String(STALE_JOB_SECONDS),
      WORKER_CONCURRENCY: "1",
      PORT: "0",
      WORKER_HEALTH_PORT: "0",
    };

    const t0 = Date.now();
    // All four at once on a database with no tables: the advisory lock makes them migrate and
    // seed one after the other, and every one comes up.
    const started = await Promise.all([
      spawnAppProcess("web-a", { ...common, DATA_DIR: dataDirOf("web-a"), PROCESS_ROLE: "web", OPENAI_API_KEY: KEYS.webA }),
      spawnAppProcess("web-b", { ...common, DATA_DIR: dataDirOf("web-b"), PROCESS_ROLE: "web", OPENAI_API_KEY: KEYS.webB }),
      spawnAppProcess("worker-a", { ...common, DATA_DIR: dataDirOf("worker-a"), PROCESS_ROLE: "worker", OPENAI_API_KEY: KEYS.workerA }),
      spawnAppProcess("worker-b", { ...common, DATA_DIR: dataDirOf("worker-b"), PROCESS_ROLE: "worker", OPENAI_API_KEY: KEYS.workerB }),
    ]);
    processes.push(...started);
    const [webA, webB, workerA, workerB] = started;
    const diagnostics = () => started.map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join("\n");

    if (process.env.TOPOLOGY_TIMES) console.log(`avvio dei 4 processi: ${Date.now() - t0} ms`);
    sql = postgres(url, { max: 2, onnotice: () => {} });
    const journal = JSON.parse(fs.readFileSync(path.join(root, "drizzle", "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    expect((await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n).toBe(journal.entries.length);
    expect((await sql`select count(*)::int as n from users`)[0].n).toBe(1);
    expect((await sql`select count(*)::int as n from subscription_types`)[0].n).toBeGreaterThan(0);

    // Health: the web nodes answer for themselves and their database; the workers on their own port.
    for (const web of [webA, webB]) {
      const health = await fetch(`${web.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", role: "web", database: "ok" });
    }
    // The image's HEALTHCHECK command probes the right port for each role.
    for (const [node, role, variable] of [
      [webA, "web", "PORT"],
      [workerA, "worker", "WORKER_HEALTH_PORT"],
    ] as const) {
      const run = await dockerHealthcheck({ PROCESS_ROLE: role, PORT: "1", WORKER_HEALTH_PORT: "1", [variable]: new URL(node.url).port });
      expect(run, `${role}: ${run.output}`).toMatchObject({ code: 0 });
    }
    for (const worker of [workerA, workerB]) {
      const health = await fetch(`${worker.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", role: "worker", database: "ok", worker: "ok" });
      // No app on a worker: no pages, no /api.
      expect((await fetch(`${worker.url}/api/auth/me`)).status).toBe(404);
    }

    setConfigForTests({ NODE_ENV: "test", DATA_DIR: dataDirOf("test"), DATABASE_URL: url, SESSION_SECRET: common.SESSION_SECRET });
    connectDatabase(url);
    const user = await createTestUser({ plan: "BUSINESS_MONTHLY" });

    // 20 WAV files of different lengths (3.0 s, 3.2 s, …): the decoded audio the worker sends to
    // the double has a different size for each, which tells the requests apart.
    const files = Array.from({ length: UPLOADS }, (_, i) =>
      toneFile(path.join(dataDir, "fixtures", `riunione-${i}.wav`), 3 + i * 0.2, ["-ar", "16000", "-ac", "1"]),
    );

    const ids: { id: string; via: AppProcess; file: string }[] = [];
    let killed: { bytes: number } | undefined;
    // Worker A dies (SIGKILL) in the middle of its first transcription request.
    const killer = waitUntil(
      "una richiesta di trascrizione del worker A",
      () => double.requests.find((r) => r.path === "/v1/audio/transcriptions" && r.authorization === `Bearer ${KEYS.workerA}`),
      120_000,
      20,
    ).then((request) => {
      workerA.child.kill("SIGKILL");
      killed = { bytes: request.fileBytes! };
      double.setLatency(0);
    });

    for (let i = 0; i < UPLOADS; i += 4) {
      const batch = files.slice(i, i + 4).map(async (file, j) => {
        const via = (i + j) % 2 === 0 ? webA : webB;
        ids.push({ id: await upload(via, user, file), via, file });
      });
      await Promise.all(batch).catch((error: Error) => {
        throw new Error(`${error.message} ${String(error.cause)}\n${diagnostics()}`);
      });
    }
    await killer;
    expect(await workerA.exited).toBeNull();

    if (process.env.TOPOLOGY_TIMES) console.log(`caricamenti finiti: ${Date.now() - t0} ms`);
    const statuses = await waitUntil(
      "20 trascrizioni COMPLETED",
      async () => {
        const rows = await sql<{ status: string }[]>`select status from transcriptions`;
        return rows.length === UPLOADS && rows.every((r) => r.status === "COMPLETED" || r.status === "FAILED") ? rows : undefined;
      },
      150_000,
      500,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${diagnostics()}`);
    });
    expect(
      statuses.map((r) => r.status),
      diagnostics(),
    ).toEqual(Array(UPLOADS).fill("COMPLETED"));
    if (process.env.TOPOLOGY_TIMES) console.log(`tutte COMPLETED: ${Date.now() - t0} ms`);
    // Nothing left in the queue: no job waiting, locked or failed.
    expect((await sql`select count(*)::int as n from graphile_worker.jobs`)[0].n).toBe(0);

    // Each job ran once: one transcription request per recording (told apart by size), the killed
    // one twice — first by worker A, then again by worker B — and one analysis per recording.
    const transcriptionRequests = double.requests.filter((r) => r.path === "/v1/audio/transcriptions");
    const bySize = new Map<number, string[]>();
    for (const r of transcriptionRequests) bySize.set(r.fileBytes!, [...(bySize.get(r.fileBytes!) ?? []), r.authorization!]);
    expect(bySize.size).toBe(UPLOADS);
    for (const [bytes, senders] of bySize) {
      if (bytes === killed!.bytes) expect(senders).toEqual([`Bearer ${KEYS.workerA}`, `Bearer ${KEYS.workerB}`]);
      else expect(senders).toHaveLength(1);
    }
    expect(double.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(UPLOADS);
    // Only the workers call the engines; the web nodes only enqueue.
    const senders = new Set(double.requests.map((r) => r.authorization));
    expect([...senders].sort()).toEqual([`Bearer ${KEYS.workerA}`, `Bearer ${KEYS.workerB}`]);

    // Either web node serves any recording's audio, with Range, whichever node took the upload.
    for (const { id, via, file } of ids) {
      const other = via === webA ? webB : webA;
      const original = fs.readFileSync(file);
      const response = await fetch(`${other.url}/api/audio/${id}`, { headers: { Authorization: `Bearer ${user.token}`, Range: "bytes=100-4195" } });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 100-4195/${original.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(original.subarray(100, 4196))).toBe(true);
    }
    // A document generated through one web node downloads from the other.
    for (const { id, via } of ids.slice(0, 4)) {
      const other = via === webA ? webB : webA;
      const made = await fetch(`${via.url}/api/document/${id}`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` } });
      expect(made.status).toBe(200);
      const download = await fetch(`${other.url}/api/document/${id}`, { headers: { Authorization: `Bearer ${user.token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toMatch(/\.docx/);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 2)
          .toString("latin1"),
      ).toBe("PK");
    }

    if (process.env.TOPOLOGY_TIMES) console.log(`audio e documenti: ${Date.now() - t0} ms`);
    // Nothing of it on any process's disk: every audio file and document is an object in the bucket.
    for (const name of ["web-a", "web-b", "worker-a", "worker-b"]) {
      const local = path.join(dataDirOf(name), "storage");
      expect(
        fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }).filter((f) => !fs.statSync(path.join(local, String(f))).isDirectory()) : [],
      ).toEqual([]);
    }
    const bucket = s3.storage("topologia");
    expect(await bucket.list("audio")).toHaveLength(UPLOADS);
    expect(await bucket.list("documents")).toHaveLength(4);

    // The survivors stop cleanly on SIGTERM.
    expect(await Promise.all([webA, webB, workerB].map((p) => p.stop()))).toEqual([0, 0, 0]);
    if (process.env.TOPOLOGY_TIMES) console.log(`arresto: ${Date.now() - t0} ms`);
  }, 240_000);
});
