import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Cold and warm start of the whole app (`node server/start.mjs`, the compiled app), time to the
 * first 200 on "/", and the idle memory of the Node process (server + worker; the embedded
 * Postgres runs in its own processes and is excluded) after 10 s without traffic.
 * Run: npm run bench:startup (builds first if the sources changed)
 */

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(root, "bench", ".data-startup-"));
const port = Number(process.env.BENCH_PORT ?? 3290);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function startOnce(label: string) {
  const started = Date.now();
  const child = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD: "Admin12345", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  let firstAnswerMs = 0;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) {
        firstAnswerMs = Date.now() - started;
        break;
      }
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 120_000) throw new Error("timeout");
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 10_000));
  const idle = rssMb(child.pid!);
  for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 2_000));
  const afterPages = rssMb(child.pid!);
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
  return { label, firstAnswerMs, idle, afterPages };
}

// `npm start` checks first whether the build is current (scripts/build-if-stale.mjs): its cost on a built tree.
const checkStarted = Date.now();
spawnSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "inherit" });
const checkMs = Date.now() - checkStarted;

const cold = await startOnce("primo avvio (initdb + migrazioni + seed)");
const warm = await startOnce("avvio successivo");
console.log(`\nMacchina: ${os.cpus().length} core, Node ${process.version}\n`);
console.log("| avvio | prima risposta su / | RSS a riposo (10 s) | RSS dopo 50 pagine |");
console.log("|---|---|---|---|");
for (const r of [cold, warm]) {
  console.log(`| ${r.label} | ${(r.firstAnswerMs / 1000).toFixed(2)} s | ${r.idle.toFixed(0)} MB | ${r.afterPages.toFixed(0)} MB |`);
}
console.log(`\nControllo della build prima di \`npm start\` (albero già compilato): ${checkMs} ms`);
fs.rmSync(dataDir, { recursive: true, force: true });
