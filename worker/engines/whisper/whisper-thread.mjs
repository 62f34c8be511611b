// Runs whisper.cpp for one job in a worker_thread. Plain JavaScript on purpose: it must load the
// same way under `node --import tsx`, in vitest and in a build, without a TypeScript loader.
//
// whisper's `full()` is synchronous and its callbacks are thread-safe functions that are only
// delivered once this thread's event loop turns again, so the work is split into pieces (a few
// minutes of voiced audio each, see DEFAULT_PIECES in vad.ts): progress is posted between pieces
// and segments are collected after each `full()` returns. Within a piece whisper.cpp walks its
// own 30 s windows, each starting where the last complete segment of the previous one ended, so
// every encoder pass (the dominant cost) covers a full window; one call per short piece would
// pay a whole 30 s encoder pass for each piece and another for each piece's leftover tail. The parent terminates this thread after every job, which also releases
// the callbacks that would otherwise keep an event loop alive.
import { parentPort, workerData } from "node:worker_threads";
import { Whisper, WhisperFullParams, WhisperSamplingStrategy } from "@napi-rs/whisper";

/** @typedef {{ src: number, dst: number, len: number }} Part */
/** @typedef {{ parts: Part[], length: number }} Piece */

const { modelPath, pcm, pieces, language, threads, prompt, maxTokens, audioCtx } = /** @type {{
  modelPath: string, pcm: Int16Array, pieces: Piece[], language: string, threads: number,
  prompt: string, maxTokens: number, audioCtx: number }} */ (workerData);

const post = (/** @type {unknown} */ msg) => parentPort?.postMessage(msg);

/** Float samples of one piece: its parts copied at their offsets, zeros in the gaps. */
function pieceSamples(/** @type {Piece} */ piece) {
  const out = new Float32Array(piece.length);
  for (const p of piece.parts) {
    for (let i = 0; i < p.len; i++) out[p.dst + i] = pcm[p.src + i] / 32768;
  }
  return out;
}

const squash = (/** @type {string} */ s) => s.replace(/\s+/g, "");

/** Lets the queued segment callbacks run; stops once they account for all returned text. */
async function drain(/** @type {() => boolean} */ complete) {
  const until = Date.now() + 2000;
  for (let i = 0; Date.now() < until; i++) {
    await new Promise((r) => setTimeout(r, i < 5 ? 0 : 5));
    if (complete()) return;
  }
}

async function main() {
  let whisper;
  const t0 = performance.now();
  try {
    whisper = new Whisper(modelPath);
  } catch (e) {
    post({ type: "error", code: "model", message: e instanceof Error ? e.message : String(e) });
    return;
  }
  post({ type: "loaded", ms: performance.now() - t0 });
  let detected = language === "auto" ? "" : language;
  for (let index = 0; index < pieces.length; index++) {
    const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
    params.language = language;
    params.nThreads = threads;
    // Every window starts fresh: text carried over from an earlier window is the usual seed of
    // whisper's repetition loops. no_context only drops the text of earlier full() calls;
    // n_max_text_ctx = 0 also stops whisper from prompting each window with the previous one
    // inside this call (it would also make every decoder step longer).
    params.noContext = true;
    params.nMaxTextCtx = 0;
    // The user's vocabulary as initial prompt needs text context (whisper drops it at 0).
    if (prompt) {
      params.initialPrompt = prompt;
      params.nMaxTextCtx = 224;
    }
    // Greedy decoding (best_of only matters on a temperature fall-back, which the binding
    // cannot switch off), one segment per sentence, no token timestamps, nothing printed.
    params.noTimestamps = false;
    params.singleSegment = false;
    params.printProgress = false;
    params.printRealtime = false;
    params.printTimestamps = false;
    params.tokenTimestamps = false;
    if (maxTokens > 0) params.maxTokens = maxTokens;
    if (audioCtx > 0) params.audioCtx = audioCtx;
    /** @type {{ text: string, start: number, end: number }[]} */
    const segments = [];
    params.onNewSegment = (s) => {
      segments.push({ text: s.text, start: s.start, end: s.end });
    };
    const samples = pieceSamples(pieces[index]);
    const c0 = performance.now();
    const text = whisper.full(params, samples);
    const ms = performance.now() - c0;
    await drain(() => squash(segments.map((s) => s.text).join("")) === squash(text));
    if (!detected) {
      const id = whisper.fullLangId;
      detected = (id >= 0 && Whisper.lang(id)) || "";
    }
    // whisper times are centiseconds.
    post({
      type: "piece",
      index,
      ms,
      segments: segments.map((s) => ({ text: s.text, start: s.start / 100, end: s.end / 100 })),
    });
  }
  post({ type: "done", language: detected || language });
}

main().catch((e) => post({ type: "error", code: "run", message: e instanceof Error ? e.message : String(e) }));
