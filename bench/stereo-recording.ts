import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { espeakWav } from "../tests/support/audio";

/**
 * The cost of recording the call too (issue 30): Debian's Chromium records --seconds of the fake
 * microphone (espeak speech) with the recorder's settings (webm/opus, 64 kbit/s, 1 s chunks),
 * once as today (the microphone's stream straight into MediaRecorder) and once stereo (the graph
 * of app/components/recorder/stereo-mixer.ts: mic left, a 1 kHz «call» right, through a
 * ChannelMergerNode). Reports KB per minute (what is uploaded) and the CPU of all Chromium
 * processes over the recording, in % of one core, with the machine's load.
 * Run: npm run bench:stereo -- --seconds 60
 */

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" } } });
const seconds = Number(values.seconds);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-bench-stereo-"));
const wav = espeakWav(path.join(dir, "parlato.wav"));
const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

// getUserMedia wants a secure context: an empty page on 127.0.0.1.
const server = http.createServer((_req, res) => res.end("<!doctype html><title>bench</title>"));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as { port: number };

/** CPU seconds (user + system) of every process of this browser profile. */
function cpuSeconds(profile: string): number {
  let ticks = 0;
  const pids = execFileSync("pgrep", ["-f", "--", `user-data-dir=${profile}`])
    .toString()
    .trim()
    .split("\n")
    .filter(Boolean);
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / ticksPerSecond;
}

async function run(stereo: boolean) {
  const profile = fs.mkdtempSync(path.join(dir, "profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--autoplay-policy=no-user-gesture-required",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(async (stereo) => {
      const mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      let recorded = mic;
      if (stereo) {
        const audio = new AudioContext();
        const oscillator = audio.createOscillator();
        oscillator.frequency.value = 1000;
        const call = audio.createMediaStreamDestination();
        oscillator.connect(call);
        oscillator.start();
        const destination = audio.createMediaStreamDestination();
        destination.channelCount = 2;
        destination.channelCountMode = "explicit";
        const merger = audio.createChannelMerger(2);
        merger.connect(destination);
        audio.createMediaStreamSource(mic).connect(merger, 0, 0);
        audio.createMediaStreamSource(call.stream).connect(merger, 0, 1);
        recorded = destination.stream;
      }
      const w = window as unknown as { bytes: number; recorder: MediaRecorder };
      w.bytes = 0;
      w.recorder = new MediaRecorder(recorded, { mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 64_000 });
      w.recorder.ondataavailable = (e) => (w.bytes += e.data.size);
      w.recorder.start(1000);
    }, stereo);
    const cpuBefore = cpuSeconds(profile);
    const started = Date.now();
    await page.waitForTimeout(seconds * 1000);
    const cpu = cpuSeconds(profile) - cpuBefore;
    const wall = (Date.now() - started) / 1000;
    const bytes = await page.evaluate(async () => {
      const w = window as unknown as { bytes: number; recorder: MediaRecorder };
      await new Promise((resolve) => {
        w.recorder.onstop = resolve;
        w.recorder.stop();
      });
      return w.bytes;
    });
    return { kbPerMinute: bytes / 1024 / (wall / 60), cpuPercent: (cpu / wall) * 100 };
  } finally {
    await context.close();
  }
}

try {
  for (const stereo of [false, true]) {
    const load = os.loadavg()[0].toFixed(1);
    const result = await run(stereo);
    console.log(
      `${stereo ? "stereo (mic + call)" : "mono (mic)         "}  ${result.kbPerMinute.toFixed(0)} KB/min  Chromium CPU ${result.cpuPercent.toFixed(1)} % of a core  (${seconds} s, load ${load} → ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} cores)`,
    );
  }
} finally {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
