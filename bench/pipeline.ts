import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { speechFile } from "../tests/support/audio";
import { startOpenAIDouble } from "../tests/support/openai-double";
import { benchUser, startBenchApp } from "./upload";

/**
 * Pipeline overhead alone: from the answer to the upload of a 60-second recording (webm/opus,
 * espeak-ng Italian) to COMPLETED, with the OpenAI-compatible engines pointed at the test double
 * (which answers at once). What remains is queueing, ffmpeg decoding, chunking, database writes,
 * the analysis job and the progress updates.
 * Run: npm run build && node --import tsx bench/pipeline.ts [runs]
 */

const runs = Number(process.argv[2] ?? 5);
const double = await startOpenAIDouble();
const app = await startBenchApp(3298, {
  TRANSCRIPTION_ENGINE: "openai",
  ANALYSIS_ENGINE: "openai",
  OPENAI_API_KEY: double.apiKey,
  OPENAI_BASE_URL: double.baseURL,
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-audio-"));
try {
  const token = await benchUser(app.sql, 100);
  const file = speechFile(path.join(dir, "riunione-60s.webm"), 60, undefined, ["-c:a", "libopus", "-b:a", "32k"]);
  const bytes = fs.readFileSync(file);
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const form = new FormData();
    form.append("audio", new Blob([bytes], { type: "audio/webm" }), "riunione-60s.webm");
    const response = await fetch(`${app.url}/api/transcription`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    const { databaseId } = (await response.json()) as { databaseId: string };
    const uploaded = performance.now();
    for (;;) {
      const progress = (await (
        await fetch(`${app.url}/api/transcription/${databaseId}/progress`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { status: string };
      if (progress.status === "COMPLETED") break;
      if (progress.status === "FAILED") throw new Error("pipeline failed");
      await new Promise((r) => setTimeout(r, 20));
    }
    // The first run warms the worker (module loading, ffmpeg cache); it is not counted.
    if (i > 0) times.push(performance.now() - uploaded);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`\nMacchina: ${os.cpus().length} core, Node ${process.version}; ${runs} esecuzioni, ${(bytes.length / 1024).toFixed(0)} KB webm/opus`);
  console.log("| registrazione | fine upload → COMPLETED (mediana) | minimo | massimo |");
  console.log("|---|---|---|---|");
  console.log(
    `| 60 s, motori OpenAI sul test double | ${(median / 1000).toFixed(2)} s | ${(times[0] / 1000).toFixed(2)} s | ${(times.at(-1)! / 1000).toFixed(2)} s |`,
  );
} finally {
  await app.stop();
  await double.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
