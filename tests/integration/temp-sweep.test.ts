import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as storage from "~/services/storage.server";
import { crontab } from "../../worker/tasks/index";
import { startWorker } from "../../worker/runner";
import { useTestDatabase } from "../support/db";

/** Issue 21: temporary folders of crashed jobs are swept on start and hourly, never one in use. */

const db = useTestDatabase();
const HOURS_AGO = (h: number) => new Date(Date.now() - h * 3600 * 1000);

function leftover(name: string, age: Date): string {
  const dir = path.join(db.dataDir, "tmp", name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "upload.bin"), Buffer.alloc(1024, 1));
  fs.utimesSync(dir, age, age);
  return dir;
}

describe("stale temporary folders", () => {
  it("removes only old upload-/transcribe-/live- folders nobody holds", async () => {
    const oldUpload = leftover("upload-crash1", HOURS_AGO(2));
    const oldTranscribe = leftover("transcribe-crash2", HOURS_AGO(5));
    // A live-transcript window's folder (issue 17) of a worker that died.
    const oldLive = leftover("live-crash3", HOURS_AGO(1));
    // Refreshed a minute ago: another process sharing DATA_DIR still holds it.
    const recent = leftover("upload-vivo", HOURS_AGO(1 / 60));
    const other = leftover("documenti-xyz", HOURS_AGO(48));
    // This process's own running job, whose folder looks old (a long transcription).
    const running = await storage.makeTempDir("transcribe");
    fs.utimesSync(running, HOURS_AGO(3), HOURS_AGO(3));

    const removed = await storage.sweepStaleTempDirs();
    expect(removed.sort()).toEqual(["live-crash3", "transcribe-crash2", "upload-crash1"]);
    expect(fs.existsSync(oldLive)).toBe(false);
    expect(fs.existsSync(oldUpload)).toBe(false);
    expect(fs.existsSync(oldTranscribe)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
    expect(fs.existsSync(running)).toBe(true);

    // Once its job ends and releases it, the same folder would be fair game (it is gone anyway).
    await storage.removeTempDir(running);
    expect(fs.existsSync(running)).toBe(false);
  });

  it("sweeps when the worker starts, and the crontab repeats it hourly", async () => {
    const orphan = leftover("transcribe-prima-del-crash", HOURS_AGO(1));
    expect(crontab).toMatch(/^\S+ \* \* \* \* sweep_temp_files/m);
    const worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
    try {
      for (let i = 0; i < 100 && fs.existsSync(orphan); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(fs.existsSync(orphan)).toBe(false);
    } finally {
      await worker.stop();
    }
  });
});
