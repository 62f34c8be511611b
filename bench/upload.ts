import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import S3rver from "s3rver";
import { S3Storage } from "../app/services/storage/s3.server";
import { wavHeader } from "../app/services/wav.server";
import { heapSnapshotArgs } from "./heap";

/**
 * Upload of a 500 MB recording through the real server (compiled app, `node
 * server/start.mjs`, embedded Postgres): peak RSS of the Node process against its idle RSS, and
 * throughput over loopback. The body is generated on the fly (a valid WAV), so the benchmark
 * itself holds no 500 MB either.
 * Run: npm run build && node --import tsx bench/upload.ts [megabytes]
 * BENCH_STORAGE=s3: the app stores into an S3-compatible server (s3rver, started in this
 * benchmark's process so its memory is not the app's) through STORAGE_URL (decision 021).
 */

const root = path.resolve(import.meta.dirname, "..");

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

export type BenchApp = { url: string; pid: number; dataDir: string; sql: postgres.Sql; stop: () => Promise<void> };

/** BENCH_HEAP=1: the server writes heap snapshots on SIGUSR2 into bench/.soak-snapshots (bench/heap.ts). */
export const benchSnapshotDir = path.join(root, "bench", ".soak-snapshots");

/** Starts the built app on a fresh data folder and returns a DB handle to prepare users. */
export async function startBenchApp(port: number, env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-"));
  const nodeArgs = process.env.BENCH_HEAP === "1" ? heapSnapshotArgs(benchSnapshotDir) : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "server/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_PASSWORD: "Admin12345",
      LOG_LEVEL: "warn",
      OPENAI_API_KEY: "",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 120_000) throw new Error("app did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const settings = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { port: number; password: string };
  const sql = postgres(`postgres://postgres:${settings.password}@127.0.0.1:${settings.port}/postgres`, { max: 2, onnotice: () => {} });
  return {
    url,
    pid: child.pid!,
    dataDir,
    sql,
    stop: async () => {
      await sql.end();
      child.kill("SIGTERM");
      await new Promise((r) => child.on("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A verified user on a plan allowing `maxFileSizeMB` (and hours of audio), with a bearer token. */
export async function benchUser(sql: postgres.Sql, maxFileSizeMB: number): Promise<string> {
  const code = `BENCH_${randomBytes(3).toString("hex")}`;
  // 500 MB of 16 kHz WAV is 4.3 hours: the minutes must not be what refuses it.
  const [plan] =
    await sql`insert into subscription_types (code, type, name, price, max_file_size_mb, max_recordings_per_month, max_mb_storage, max_minutes_per_file, max_minutes_per_month)
    values (${code}, 'FREE', 'Bench', 0, ${maxFileSizeMB}, 1000, 100000, 100000, 1000000) returning id`;
  const [role] = await sql`select id from roles where name = 'USER'`;
  const [user] =
    await sql`insert into users (email, name, role_id, is_email_verified) values (${`${code.toLowerCase()}@bench.it`}, 'Bench', ${role.id}, true) returning id`;
  await sql`insert into user_subscriptions (user_id, subscription_type_id, status, is_active, start_date, end_date, current_period_start, current_period_end)
    values (${user.id}, ${plan.id}, 'ACTIVE', true, now() - interval '1 day', now() + interval '30 days', now() - interval '1 day', now() + interval '30 days')`;
  const token = randomBytes(32).toString("base64url");
  await sql`insert into sessions (id, user_id, expires_at) values (${createHash("sha256").update(token).digest("hex")}, ${user.id}, now() + interval '1 day')`;
  return token;
}

/** POSTs a generated WAV of `bytes` as multipart; returns status, body and seconds. */
export function postGeneratedWav(url: string, token: string, bytes: number): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const dataBytes = bytes - 44;
  // A 440 Hz tone block repeated: real audio for ffprobe, no large buffer.
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length / 2; i++) block.writeInt16LE(Math.round(Math.sin((i * 2 * Math.PI * 440) / 16000) * 8000), i * 2);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      `${url}/api/transcription`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": head.length + 44 + dataBytes + tail.length,
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (d: string) => (body += d));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
      },
    );
    request.on("error", reject);
    request.write(head);
    request.write(wavHeader(dataBytes));
    let left = dataBytes;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, block.length);
        left -= n;
        if (!request.write(n === block.length ? block : block.subarray(0, n))) {
          request.once("drain", pump);
          return;
        }
      }
      request.end(tail);
    };
    pump();
  });
}

/** s3rver on a free port with one bucket; the app's variables for it and the object sizes stored. */
async function startBenchS3(): Promise<{ env: Record<string, string>; storedMb: () => Promise<number[]>; stop: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "bench" }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const bucket = new S3Storage({ bucket: "bench", prefix: "verbale", endpoint, region: "us-east-1", credentials, forcePathStyle: true });
  return {
    env: {
      STORAGE_URL: "s3://bench/verbale",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    storedMb: async () => Promise.all((await bucket.list("audio")).map(async (key) => ((await bucket.stat(key))?.size ?? 0) / 1024 / 1024)),
    stop: async () => {
      bucket.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function main() {
  const megabytes = Number(process.argv[2] ?? 500);
  const bytes = megabytes * 1024 * 1024;
  const s3 = process.env.BENCH_STORAGE === "s3" ? await startBenchS3() : undefined;
  // The transcription of the uploaded file is not part of this measure: the worker would pick
  // it up right after the answer, so the OpenAI engine points at an address nothing listens on.
  const app = await startBenchApp(3297, {
    TRANSCRIPTION_ENGINE: "openai",
    ANALYSIS_ENGINE: "openai",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
    ...s3?.env,
  });
  try {
    const token = await benchUser(app.sql, megabytes + 10);
    // Warm the route (first request compiles nothing, but loads modules and fills pools).
    await postGeneratedWav(app.url, token, 256 * 1024);
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssMb(app.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(app.pid));
    }, 20);
    const result = await postGeneratedWav(app.url, token, bytes);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(app.pid));
    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const storedDir = path.join(app.dataDir, "storage", "audio");
    const stored = s3 ? await s3.storedMb() : fs.readdirSync(storedDir).map((f) => fs.statSync(path.join(storedDir, f)).size / 1024 / 1024);
    console.log(
      `\nMacchina: ${os.cpus().length} core, Node ${process.version}, carico ${os.loadavg()[0].toFixed(1)}; archivio ${s3 ? "S3 (s3rver)" : "cartella locale"}`,
    );
    console.log("| upload | tempo | throughput | RSS a riposo | RSS di picco | picco − riposo |");
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| ${megabytes} MB WAV, multipart, loopback | ${result.seconds.toFixed(1)} s | ${(megabytes / result.seconds).toFixed(0)} MB/s | ${idle.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${(peak - idle).toFixed(0)} MB |`,
    );
    console.log(
      `(file salvato: ${stored.map((s) => s.toFixed(0)).join(", ")} MB; include ffprobe, la misura della durata decodificata e la transazione${s3 ? ", e il caricamento multipart nel bucket" : ""})`,
    );
  } finally {
    await app.stop();
    await s3?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
