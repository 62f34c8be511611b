import type { Task } from "graphile-worker";
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
