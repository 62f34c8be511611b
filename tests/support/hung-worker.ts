/**
 * A worker process whose speech engine never answers, for the crash-recovery test: the parent
 * kills it with SIGKILL while it holds a transcribe job, as a crash or an OOM kill would.
 * Usage: node --import tsx tests/support/hung-worker.ts <database url> <data dir>
 */
import { connectDatabase } from "~/db/client.server";
import { setConfigForTests } from "~/services/config.server";
import { setEnginesForTests } from "../../worker/engines/index";
import { startWorker } from "../../worker/runner";

const [url, dataDir] = process.argv.slice(2);
setConfigForTests({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url, OPENAI_API_KEY: undefined });
connectDatabase(url);
setEnginesForTests({
  speech: { name: "appeso", model: "test", maxChunkSeconds: 3, transcribe: () => new Promise(() => {}) },
});
await startWorker({ connectionString: url, pollInterval: 200 });
console.log("worker pronto");
