import { getConfig } from "~/services/config.server";
import { UserFacingError } from "../worker/engines/types";
import { defaultWhisperModel, findWhisperCli } from "../worker/engines/whisper/cli";
import { ensureLlmModel, LLM_MODELS, resolveLlmModel } from "../worker/engines/llm/models";
import { downloadModel, MODEL_SHA1, resolveModel, terminalProgress } from "../worker/engines/whisper/models";

/**
 * `npm run model:download -- <name> [<name>...]`: fetches whisper models into DATA_DIR/models
 * ahead of time (same verified, atomic download the engine does on first use). Without a name
 * it downloads WHISPER_MODEL, or the model the engine uses when it is not set. With --llm, the
 * local LLM's models instead (LLM_MODEL, or the default of decision 012).
 */

/** Ctrl-C stops the transfer cleanly: the temporary file is removed, no half model remains. */
async function downloadStoppableByCtrlC(label: string, download: (signal: AbortSignal) => Promise<string>) {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const file = await download(controller.signal);
    console.log(`${label} pronto: ${file}`);
  } catch (e) {
    process.exitCode = 1;
    if (controller.signal.aborted) console.error("\nDownload annullato.");
    else console.error(`\n${e instanceof UserFacingError ? e.message : (e as Error).stack}`);
  } finally {
    process.off("SIGINT", onSigint);
  }
}

async function downloadLlm(names: string[]) {
  const config = getConfig();
  for (const name of names.length > 0 ? names : [config.LLM_MODEL]) {
    const m = resolveLlmModel(name, config.DATA_DIR);
    await downloadStoppableByCtrlC(`Modello linguistico "${m.name}"`, (signal) =>
      ensureLlmModel(name, { dataDir: config.DATA_DIR, baseUrl: config.LLM_MODEL_URL, signal, onProgress: terminalProgress(`${m.name}.gguf`) }),
    );
  }
}

async function main() {
  const config = getConfig();
  const args = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(
      `Uso: npm run model:download -- <modello> [...]\nModelli con SHA-1 noto: ${Object.keys(MODEL_SHA1).join(", ")}\n` +
        `Modelli linguistici (npm run model:download -- --llm [nome]): ${Object.keys(LLM_MODELS).join(", ")}`,
    );
    return;
  }
  if (process.argv.includes("--llm")) return downloadLlm(args);
  const names = args.length > 0 ? args : [config.WHISPER_MODEL ?? defaultWhisperModel(findWhisperCli(config.WHISPER_CLI))];
  for (const name of names) {
    const m = resolveModel(name, config.DATA_DIR);
    if (!m.downloadable) {
      console.error(`${name}: è un percorso di file, non un nome di modello da scaricare.`);
      process.exitCode = 1;
      continue;
    }
    await downloadStoppableByCtrlC(`Modello "${m.name}"`, (signal) =>
      downloadModel(m.name, {
        dataDir: config.DATA_DIR,
        baseUrl: config.WHISPER_MODEL_URL,
        signal,
        onProgress: terminalProgress(`ggml-${m.name}.bin`),
      }),
    );
  }
}

await main();
