import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { benchUser, rssMb, startBenchApp } from "./upload";

/**
 * «Scarica i miei dati» with 1 GiB of audio (issue 32) through the real server: time to the
 * last byte and the app process's peak RSS against its idle RSS; the ZIP is then checked with
 * `unzip -t`. Run: npx remix vite:build && node --import tsx bench/account-export.ts [mebibytes]
 */

const mib = Number(process.argv[2] ?? 1024);
const app = await startBenchApp(3391 + Math.floor(Math.random() * 100));
try {
  const token = await benchUser(app.sql, 10);
  const [{ user_id: userId }] = await app.sql`select user_id from sessions order by expires_at desc limit 1`;
  const key = "audio/bench-export.wav";
  const file = path.join(app.dataDir, "storage", key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const block = Buffer.alloc(1024 * 1024, 0x55);
  const fd = fs.openSync(file, "w");
  for (let i = 0; i < mib; i += 1) fs.writeSync(fd, block);
  fs.closeSync(fd);
  await app.sql`insert into transcriptions (user_id, status, file_name, original_name, file_size, usage_month, usage_megabytes, title, text)
    values (${userId}, 'COMPLETED', ${key}, 'bench.wav', ${mib * 1024 * 1024}, '2026-01-01', ${mib}, 'Bench', 'Testo')`;

  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssMb(app.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 50);
  const out = path.join(os.tmpdir(), `bench-export-${process.pid}.zip`);
  const started = process.hrtime.bigint();
  const response = await fetch(`${app.url}/api/account/export`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(out));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const size = fs.statSync(out).size;
  const check = execFileSync("unzip", ["-t", out]).toString().includes("No errors detected");
  fs.rmSync(out);
  console.log(
    JSON.stringify({
      audioMiB: mib,
      zipBytes: size,
      seconds: Math.round(seconds * 10) / 10,
      idleRssMb: Math.round(idle),
      peakRssMb: Math.round(peak),
      growthMb: Math.round(peak - idle),
      unzipOk: check,
      load: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    }),
  );
} finally {
  await app.stop();
}
