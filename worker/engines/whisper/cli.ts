import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { appRoot } from "~/services/paths.server";
import type { Piece, RawSegment } from "./vad";
import { writeWav16k } from "./wav";

/**
 * whisper.cpp's own command-line program, compiled for this machine at install time
 * (scripts/build-whisper.mjs), run once per piece. A child process rather than an addon: a
 * native crash or an out-of-memory kill fails one job instead of the server, cancelling is a
 * kill, and whisper.cpp's progress reaches us while it works.
 */

/** Where scripts/build-whisper.mjs puts the program. */
export function builtWhisperCliPath(root = appRoot()): string {
  return path.join(root, "node_modules", ".cache", "whisper-cpp", process.platform === "win32" ? "whisper-cli.exe" : "whisper-cli");
}

const usable = new Map<string, boolean>();

/** True when the program exists and starts (checked once per path). */
export function whisperCliWorks(binary: string): boolean {
  let ok = usable.get(binary);
  if (ok === undefined) {
    ok = fs.existsSync(binary) && spawnSync(binary, ["--version"], { stdio: "ignore", timeout: 10_000 }).status === 0;
    usable.set(binary, ok);
  }
  return ok;
}

/** The configured program (WHISPER_CLI), else the one built at install, else none. */
export function findWhisperCli(configured?: string): string | null {
  if (configured === "off") return null;
  if (configured) return whisperCliWorks(configured) ? configured : null;
  const built = builtWhisperCliPath();
  return whisperCliWorks(built) ? built : null;
}

/**
 * The model used when WHISPER_MODEL is not set: `small` where whisper.cpp runs as this
 * machine's own build, `base` on the prebuilt binding, where `small` would run close to real
 * time (decision 002). `small` in its 8-bit file (decision 043): half the download, about twice
 * as fast on a CPU with integer dot products, the accuracy of the 16-bit one for practical purposes.
 */
export function defaultWhisperModel(cliPath: string | null): "small-q8_0" | "base" {
  return cliPath ? "small-q8_0" : "base";
}

export class WhisperModelError extends Error {}

export type CliRunOptions = {
  binary: string;
  modelPath: string;
  pcm: Int16Array;
  pieces: Piece[];
  /** "it", another code, or "auto" to detect. */
  language: string;
  threads: number;
  /** The user's vocabulary (whisper's initial prompt), if any. */
  prompt?: string;
  /** whisper's audio_ctx (0: full 30 s context). */
  audioCtx: number;
  /** A folder of its own for the piece files; the caller removes it. */
  workDir: string;
  signal?: AbortSignal;
  /** Fraction of piece `index` decoded so far, from whisper.cpp's progress lines. */
  onProgress: (index: number, fraction: number) => void;
  onPiece: (index: number, result: { ms: number; loadMs: number; segments: RawSegment[] }) => void;
};

/** Samples of one piece: its parts at their offsets, silence in the gaps. */
function pieceSamples(pcm: Int16Array, piece: Piece): Int16Array {
  const out = new Int16Array(piece.length);
  for (const p of piece.parts) out.set(pcm.subarray(p.src, p.src + p.len), p.dst);
  return out;
}

type CliJson = {
  result?: { language?: string };
  transcription?: { offsets?: { from?: number; to?: number }; text?: string }[];
};

/** Transcribes the pieces in order; resolves with the language whisper used or detected. */
export async function transcribePiecesWithCli(o: CliRunOptions): Promise<{ language: string }> {
  let language = o.language === "auto" ? "" : o.language;
  for (let index = 0; index < o.pieces.length; index++) {
    const base = path.join(o.workDir, `piece-${index}`);
    writeWav16k(`${base}.wav`, pieceSamples(o.pcm, o.pieces[index]));
    const started = performance.now();
    const stderr = await runCli(
      o,
      [
        "-m",
        o.modelPath,
        "-f",
        `${base}.wav`,
        "-l",
        o.language,
        "-t",
        String(o.threads),
        // Greedy decoding (best-of 5 only on a temperature fall-back), and no text carried from
        // one 30 s window to the next: carried text is the usual seed of whisper's repetition loops.
        "-bs",
        "1",
        // A vocabulary prompt needs text context (whisper drops the prompt at -mc 0); it is carried
        // into every window so its spellings hold for the whole recording.
        ...(o.prompt ? ["--prompt", o.prompt, "--carry-initial-prompt", "-mc", "224"] : ["-mc", "0"]),
        ...(o.audioCtx > 0 ? ["-ac", String(o.audioCtx)] : []),
        "-pp",
        "-oj",
        "-of",
        base,
      ],
      (f) => o.onProgress(index, f),
    );
    const ms = performance.now() - started;
    const json = JSON.parse(fs.readFileSync(`${base}.json`, "utf8")) as CliJson;
    fs.rmSync(`${base}.wav`, { force: true });
    fs.rmSync(`${base}.json`, { force: true });
    language ||= json.result?.language ?? "";
    const segments = (json.transcription ?? []).map((s) => ({
      text: s.text ?? "",
      // whisper-cli writes milliseconds.
      start: (s.offsets?.from ?? 0) / 1000,
      end: (s.offsets?.to ?? 0) / 1000,
    }));
    const loadMs = Number(/load time =\s*([\d.]+) ms/.exec(stderr)?.[1] ?? 0);
    o.onPiece(index, { ms, loadMs, segments });
  }
  return { language: language || o.language };
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const e = new Error("Trascrizione annullata");
  e.name = "AbortError";
  return e;
}

/** Runs the program once; resolves with its stderr (log and timings), rejects on failure. */
function runCli(o: CliRunOptions, args: string[], onFraction: (f: number) => void): Promise<string> {
  const { signal } = o;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const child = spawn(o.binary, args, { stdio: ["ignore", "ignore", "pipe"] });
    let log = "";
    let pending = "";
    const onAbort = () => {
      child.kill("SIGKILL");
      reject(abortError(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // Keep the log bounded: whisper.cpp prints a few kilobytes per run.
      log = (log + chunk).slice(-64 * 1024);
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const m = /progress =\s*(\d+)%/.exec(line);
        if (m) onFraction(Math.min(1, Number(m[1]) / 100));
      }
    });
    child.on("error", (e) => {
      signal?.removeEventListener("abort", onAbort);
      reject(e);
    });
    child.on("close", (code, killedBy) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) return;
      if (code === 0) return resolve(log);
      const lines = log
        .trim()
        .split("\n")
        .filter((l) => /error|fail/i.test(l));
      const why = lines.slice(-3).join(" | ") || `uscita ${code ?? killedBy}`;
      if (/failed to (initialize whisper context|load model)|invalid model/i.test(log)) reject(new WhisperModelError(why));
      else reject(new Error(`whisper-cli: ${why}`));
    });
  });
}
