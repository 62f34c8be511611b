import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { heapSnapshotArgs, liveHeapMb, takeHeapSnapshot } from "./heap";

/**
 * Bounded soak of the compiled app (`node server/start.mjs`): rounds of page loads (GET / and
 * /login, 8 at a time) and of upload requests cut off mid-body (a raw socket that sends half of a
 * declared multipart body and closes), then a rest. Prints the Node process's RSS after each
 * round and after each rest (the embedded Postgres runs in its own processes and is excluded),
 * whether the process is still alive, and requests per second.
 * Run: npm run bench:soak   (SOAK_ROUNDS=6 SOAK_SECONDS=10 by default)
 * SOAK_HEAP=1 also writes a V8 heap snapshot after each rest (--heapsnapshot-signal, into
 * bench/.soak-snapshots/) and prints the live JS heap it holds; compare two of them with
 * `node bench/heap-compare.mjs A.heapsnapshot B.heapsnapshot` (what grew, by constructor).
 * SOAK_NODE_ARGS adds options to the server's node (e.g. "--max-semi-space-size=4").
 */

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(root, "bench", ".data-soak-"));
const port = Number(process.env.BENCH_PORT ?? 3291);
const rounds = Number(process.env.SOAK_ROUNDS ?? 6);
const seconds = Number(process.env.SOAK_SECONDS ?? 10);
const base = `http://127.0.0.1:${port}`;
const heap = process.env.SOAK_HEAP === "1";
const snapshotDir = path.join(root, "bench", ".soak-snapshots");
const nodeArgs = (process.env.SOAK_NODE_ARGS ?? "").split(" ").filter(Boolean);
const heapSnapshot = (pid: number, label: string) => takeHeapSnapshot(pid, snapshotDir, label);

const rssMb = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

function abortedUpload(): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const boundary = "----verbale";
      socket.write(
        `POST /api/transcription HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n` +
          "x".repeat(50_000),
      );
      setTimeout(() => socket.destroy(), 20);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

async function loadFor(ms: number): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  const worker = async (i: number) => {
    while (Date.now() < end) {
      if (i === 0) await abortedUpload();
      else await (await fetch(`${base}${i % 2 ? "/" : "/login"}`)).arrayBuffer();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
  return done;
}

const child = spawn(process.execPath, [...nodeArgs, ...(heap ? heapSnapshotArgs(snapshotDir) : []), "server/start.mjs"], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_PASSWORD: "Admin12345",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
  stdio: "ignore",
});
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const pid = child.pid!;
  console.log(`avvio: RSS ${rssMb(pid).toFixed(0)} MB`);
  if (heap) console.log(`  heap vivo all'avvio: ${liveHeapMb(await heapSnapshot(pid, "round-0")).toFixed(1)} MB, RSS ${rssMb(pid).toFixed(0)} MB`);
  for (let round = 1; round <= rounds; round++) {
    const requests = await loadFor(seconds * 1000);
    const loaded = rssMb(pid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    console.log(
      `giro ${round}: ${(requests / seconds).toFixed(0)} richieste/s, RSS sotto carico ${loaded.toFixed(0)} MB, dopo ${seconds} s di riposo ${rssMb(pid).toFixed(0)} MB, processo ${alive(pid) ? "vivo" : "MORTO"}`,
    );
    if (heap)
      console.log(
        `  heap vivo dopo il giro ${round}: ${liveHeapMb(await heapSnapshot(pid, `round-${round}`)).toFixed(1)} MB, RSS ${rssMb(pid).toFixed(0)} MB`,
      );
  }
  const leftovers = fs.existsSync(path.join(dataDir, "tmp")) ? fs.readdirSync(path.join(dataDir, "tmp")).length : 0;
  console.log(`file temporanei rimasti: ${leftovers}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
