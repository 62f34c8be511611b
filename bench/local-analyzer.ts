/**
 * Local analyzer benchmark: time and peak memory of analyzeLocally on a three-hour, 30,000-word
 * Italian transcript. Run: node --import tsx bench/local-analyzer.ts
 * Prints a markdown table row for BENCHMARKS.md.
 */
import os from "node:os";
import { analyzeLocally } from "../worker/engines/local-analysis/index";
import { threeHourTranscript } from "../worker/engines/local-analysis/test-transcripts";

const RUNS = Number(process.env.RUNS ?? 5);

const segments = threeHourTranscript();
const words = segments.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
const hours = segments[segments.length - 1].end / 3600;

// The first run includes compiling the code (a fresh worker process); the others show a warm one.
// Peak memory: the process's maximum resident set (resourceUsage) and the largest heap seen.
const rssBefore = process.memoryUsage().rss;
let heapPeak = 0;
const times: number[] = [];
let topics = 0;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const result = analyzeLocally(segments);
  times.push(performance.now() - t0);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  topics = result.topics.length;
}
const maxRssMb = process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];

const row = [
  `local analyzer (textrank-it-1)`,
  `${hours.toFixed(1)} h, ${words.toLocaleString("en-US")} words, ${segments.length} segments`,
  `${times[0].toFixed(0)} ms cold / ${median.toFixed(0)} ms warm (median of ${RUNS})`,
  `${maxRssMb.toFixed(0)} MB peak RSS (${(rssBefore / 2 ** 20).toFixed(0)} MB before), ${(heapPeak / 2 ** 20).toFixed(0)} MB heap`,
  `${topics} topics`,
  `${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "cpu"}, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
];
console.log("| Engine | Input | Time | Memory | Output | Machine |");
console.log("|---|---|---|---|---|---|");
console.log(`| ${row.join(" | ")} |`);
