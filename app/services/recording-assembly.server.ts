import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { chunkFolder, readChunks } from "./chunked-recording.server";
import { log } from "./logger.server";
import * as storage from "./storage.server";

/**
 * This process's copy of each recording in progress: one local file the chunks are appended to
 * (issues 14 and 17, decision 027). Every live window and «Invia» used to read all the chunks
 * received so far to build ffmpeg's input: 3,600 reads per window at the end of an hour, a GET
 * each on object storage. A chunk below the committed count never changes (chunked-recording),
 * so the copy only grows: each use appends what arrived since the one before.
 *
 * Uses of one recording run one at a time (an append must not overlap a reader). Another process
 * keeps its own copy; one nobody used for IDLE_MS is dropped (its recording was sent or deleted
 * through another process, or abandoned).
 */

type Copy = { file: string | undefined; chunks: number; queue: Promise<unknown>; usedAt: number; busy: number };

const copies = new Map<string, Copy>();
const IDLE_MS = 15 * 60 * 1000;
let sweeper: NodeJS.Timeout | undefined;

/**
 * Runs `use` with a local file holding the recording's chunks 0..count-1 in order, or more when
 * another use already appended later ones (`chunks` says how many: a caller that needs exactly
 * `count` checks it).
 */
export async function withAssembledRecording<T>(id: string, count: number, use: (file: string, chunks: number) => Promise<T>): Promise<T> {
  let copy = copies.get(id);
  if (!copy) {
    copy = { file: undefined, chunks: 0, queue: Promise.resolve(), usedAt: Date.now(), busy: 0 };
    copies.set(id, copy);
    sweeper ??= setInterval(() => void dropIdleCopies(), 60 * 1000).unref();
  }
  const own = copy;
  own.busy++;
  const run = own.queue.then(async () => {
    try {
      const file = await appendNewChunks(id, own, count);
      return await use(file, own.chunks);
    } finally {
      own.usedAt = Date.now();
      own.busy--;
    }
  });
  own.queue = run.catch(() => {});
  return run;
}

async function appendNewChunks(id: string, copy: Copy, count: number): Promise<string> {
  copy.file ??= path.join(await storage.makeTempDir("assembled"), "recording");
  if (count <= copy.chunks) return copy.file;
  try {
    await pipeline(readChunks(id, count, copy.chunks), fs.createWriteStream(copy.file, { flags: "a" }));
  } catch (error) {
    // Half an append would shift every later byte: start again from nothing next time.
    await fsp.truncate(copy.file, 0).catch(() => {});
    copy.chunks = 0;
    throw error;
  }
  copy.chunks = count;
  return copy.file;
}

async function discardAssembledRecording(id: string): Promise<void> {
  const copy = copies.get(id);
  if (!copy) return;
  copies.delete(id);
  await copy.queue;
  if (copy.file) await storage.removeTempDir(path.dirname(copy.file));
}

async function dropIdleCopies(now = Date.now()): Promise<void> {
  for (const [id, copy] of copies) {
    if (copy.busy > 0 || now - copy.usedAt < IDLE_MS) continue;
    await discardAssembledRecording(id).catch((error: unknown) =>
      log.warn({ err: error, transcriptionId: id }, "[recordings] copia locale non rimossa"),
    );
  }
}

/**
 * Removes a recording's chunks, from storage and from this process's copy (after finalize, or
 * when the recording is deleted). Never fails: a failure is logged, the row's fate is decided.
 */
export async function removeRecordingChunks(id: string): Promise<void> {
  await Promise.all([
    storage
      .removeDir(chunkFolder(id))
      .catch((error: unknown) => log.error({ err: error, transcriptionId: id }, "[recordings] parti della registrazione non rimosse")),
    discardAssembledRecording(id).catch((error: unknown) => log.warn({ err: error, transcriptionId: id }, "[recordings] copia locale non rimossa")),
  ]);
}
