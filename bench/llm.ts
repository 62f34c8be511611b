import os from "node:os";
import path from "node:path";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";
import { buildSyntheticGguf } from "../tests/support/synthetic-gguf";
import { DEFAULT_PART_TOKENS } from "../worker/engines/llm/engine";

/**
 * Speed of the local LLM engine for the default model's shape (decision 012: Qwen2.5-1.5B-
 * Instruct, Q4_K_M), run with `node --import tsx bench/llm.ts [--threads 1,2] [--prompt 512]
 * [--generate 64]`.
 *
 * Model: a synthetic GGUF of exactly that shape and quantisation (tests/support/synthetic-
 * gguf.ts: 28 blocks, 1536 wide, 12/2 heads, 8960 MLP, 151,936-token vocabulary, Q4_K matrices,
 * Q6_K embeddings), so every token costs the arithmetic of the real file. Measured: prompt
 * processing (tokens/s, batches of 512) and generation (tokens/s, one at a time), per thread
 * count. From them, the analysis time of a 60-minute meeting: about 9,000 Italian words
 * (150 per minute) are about 15,000 Qwen tokens (1.65 tokens per word, Qwen2.5's tokenizer on
 * Italian prose), read once in parts of DEFAULT_PART_TOKENS plus the instructions (~250 tokens
 * each); each part's answer is about 450 tokens (3 topics, 3 points each, a few decisions and
 * actions), and the closing title-and-summary request reads ~600 and writes ~250. The grammar
 * adds a little per generated token and is not in these figures.
 * The machine's load average is printed: ggml threads spin while waiting for each other, so on
 * a shared machine the figures drop with the load.
 */

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const MEETING_TOKENS = 15_000;
const INSTRUCTION_TOKENS = 250;
const PART_ANSWER_TOKENS = 450;
const CLOSING_READ = 600;
const CLOSING_WRITE = 250;

async function main() {
  const threadsList = arg("threads", "1,2").split(",").map(Number);
  const promptTokens = Number(arg("prompt", "512"));
  const generateTokens = Number(arg("generate", "64"));
  const t0 = Date.now();
  const file = buildSyntheticGguf({ shape: "qwen2.5-1.5b", dir: path.resolve("bench/.data") });
  console.log(`Modello sintetico (forma Qwen2.5-1.5B, Q4_K/Q6_K): ${file} (${((Date.now() - t0) / 1000).toFixed(1)} s per crearlo o trovarlo)`);
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error, progressLogs: false });
  const loadStart = Date.now();
  const model = await llama.loadModel({ modelPath: file });
  console.log(`Caricamento: ${((Date.now() - loadStart) / 1000).toFixed(1)} s; CPU: ${os.cpus()[0]?.model} × ${os.availableParallelism()}`);

  const parts = Math.ceil(MEETING_TOKENS / DEFAULT_PART_TOKENS);
  const readTokens = MEETING_TOKENS + parts * INSTRUCTION_TOKENS + CLOSING_READ;
  const writeTokens = parts * PART_ANSWER_TOKENS + CLOSING_WRITE;
  console.log(`Riunione di 60 minuti: ${parts} parti, ${readTokens} token letti, ${writeTokens} token scritti`);
  console.log("| thread | lettura (token/s) | scrittura (token/s) | riunione di 60 min | load prima/dopo |");
  for (const threads of threadsList) {
    const loadBefore = os.loadavg()[0];
    const context = await model.createContext({ contextSize: 4096, threads, batchSize: 512 });
    const sequence = context.getSequence();
    // Token ids from the middle of the vocabulary: ordinary tokens, no control ones.
    const prompt = Array.from({ length: promptTokens }, (_, i) => (1000 + ((i * 7919) % 100_000)) as never);
    const p0 = performance.now();
    await sequence.evaluateWithoutGeneratingNewTokens(prompt);
    const readRate = promptTokens / ((performance.now() - p0) / 1000);
    let generated = 0;
    const g0 = performance.now();
    for await (const token of sequence.evaluate([prompt[0]], { temperature: 0 })) {
      void token;
      if (++generated >= generateTokens) break;
    }
    const writeRate = generated / ((performance.now() - g0) / 1000);
    const seconds = readTokens / readRate + writeTokens / writeRate;
    console.log(
      `| ${threads} | ${readRate.toFixed(1)} | ${writeRate.toFixed(2)} | ${(seconds / 60).toFixed(1)} min | ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} |`,
    );
    await context.dispose();
  }
  await model.dispose();
  await llama.dispose();
}

await main();
