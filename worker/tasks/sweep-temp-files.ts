import type { Task } from "graphile-worker";
import { log } from "~/services/logger.server";
import { sweepStaleTempDirs } from "~/services/storage.server";

/**
 * Task `sweep_temp_files` (on start and hourly): removes DATA_DIR/tmp/<TEMP_PREFIXES>-*
 * folders left by a crashed process. A folder still in use is never touched: this process knows
 * its own, and every process refreshes the time of the folders it holds (see storage.server.ts),
 * so only folders nobody has refreshed for a while go.
 */
const sweepTempFiles: Task = async (_payload, helpers) => {
  const removed = await sweepStaleTempDirs();
  if (removed.length > 0) helpers.logger.info(`temporary folders of crashed jobs removed: ${removed.join(", ")}`);
};

export default sweepTempFiles;

const HOURLY_MS = 60 * 60 * 1000;

/**
 * The same sweep in this process, at start and hourly, whatever its role: with web and worker
 * processes on several machines each DATA_DIR/tmp is local, and a queued job would run on any
 * worker, not on the machine whose folder holds the leftovers (decision 022).
 */
export function startTempSweeper(intervalMs = HOURLY_MS): () => void {
  const sweep = () =>
    sweepStaleTempDirs().then(
      (removed) => {
        if (removed.length > 0) log.info({ removed }, "[processo] cartelle temporanee di processi interrotti rimosse");
      },
      () => {},
    );
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
