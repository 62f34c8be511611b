// The local LLM in a process of its own, started at the lowest CPU priority (host.ts, decision
// 043): the live transcript's whisper windows always go first, the model takes what they leave.
// One model, at most one context; requests on IPC, answered by id. Ends when the parent goes.
import os from "node:os";

/** @type {import("node-llama-cpp").Llama | undefined} */
let llama;
/** @type {import("node-llama-cpp").LlamaModel | undefined} */
let model;
/** @type {import("node-llama-cpp").LlamaContext | undefined} */
let context;
/** @type {Map<number, AbortController>} */
const running = new Map();
const grammars = new Map();

/** Where the priority could not be lowered by `nice` (Windows), lower it here: the whole process. */
if (process.env.VERBALE_LLM_PRIORITY === "self") {
  try {
    os.setPriority(0, os.constants.priority.PRIORITY_LOWEST);
  } catch {
    // Best effort: the model still works at normal priority.
  }
}

const ops = {
  async load({ modelPath }) {
    const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
    // The CPU build shipped on npm; never compile or download anything at run time.
    llama ??= await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error, progressLogs: false });
    model ??= await llama.loadModel({ modelPath });
    return { trainContextSize: model.trainContextSize };
  },
  countTokens({ texts }) {
    return { counts: texts.map((t) => model.tokenize(t).length) };
  },
  async openContext({ contextSize, threads }) {
    await context?.dispose();
    context = await model.createContext({ contextSize, threads, batchSize: 512 });
    return {};
  },
  async closeContext() {
    await context?.dispose();
    context = undefined;
    return {};
  },
  async ask({ systemPrompt, prompt, schema, maxTokens, temperature, seed }, signal) {
    const { LlamaChatSession } = await import("node-llama-cpp");
    const key = JSON.stringify(schema);
    let grammar = grammars.get(key);
    if (!grammar) {
      grammar = await llama.createGrammarForJsonSchema(schema);
      if (grammars.size > 32) grammars.clear();
      grammars.set(key, grammar);
    }
    const session = new LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt, autoDisposeSequence: true });
    try {
      return { text: await session.prompt(prompt, { grammar, maxTokens, temperature, seed, signal }) };
    } finally {
      session.dispose();
    }
  },
  /** Reads `text`, then writes `generate` tokens, timing each (speed.ts). */
  async measureSpeed({ text, generate, threads }) {
    const measuring = await model.createContext({ contextSize: 1024, threads, batchSize: 512 });
    try {
      const tokens = model.tokenize(text);
      const sequence = measuring.getSequence();
      const r0 = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(tokens);
      const readSeconds = (performance.now() - r0) / 1000;
      let written = 0;
      const w0 = performance.now();
      for await (const token of sequence.evaluate([tokens[tokens.length - 1]], { temperature: 0 })) {
        void token;
        if (++written >= generate) break;
      }
      return { tokens: tokens.length, readSeconds, written, writeSeconds: (performance.now() - w0) / 1000 };
    } finally {
      await measuring.dispose();
    }
  },
};

process.on("message", async (message) => {
  if (message.op === "abort") return running.get(message.target)?.abort();
  const controller = new AbortController();
  running.set(message.id, controller);
  try {
    const result = await ops[message.op](message, controller.signal);
    process.send({ id: message.id, ok: true, result });
  } catch (error) {
    process.send({ id: message.id, ok: false, name: error?.name ?? "Error", message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(message.id);
  }
});
// The worker stopped or dropped the model: nothing here outlives it.
process.on("disconnect", () => process.exit(0));
