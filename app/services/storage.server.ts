import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { getConfig } from "./config.server";

/**
 * The one storage module for audio and documents. Keys are relative paths like
 * "audio/<id>.webm"; today they live under DATA_DIR/storage, and the interface (put a stream,
 * read a stream, stat, remove) is what an S3-compatible backend would implement later.
 */

function root(): string {
  return path.join(getConfig().DATA_DIR, "storage");
}

function resolveKey(key: string): string {
  const full = path.resolve(root(), key);
  if (!full.startsWith(root() + path.sep)) throw new Error(`Chiave di archivio non valida: ${key}`);
  return full;
}

/** A local file path for tools that need one (ffmpeg). S3 would download to a temp file here. */
export function storagePath(key: string): string {
  return resolveKey(key);
}

/**
 * Writes a stream to a temporary file and renames it into place, so readers never see half a file.
 * @public part of the storage interface (chunked recordings, object storage), unused for now
 */
export async function putStream(key: string, source: Readable): Promise<number> {
  const target = resolveKey(key);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(4).toString("hex")}.part`;
  try {
    await pipeline(source, fs.createWriteStream(temp));
    await fsp.rename(temp, target);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return (await fsp.stat(target)).size;
}

export async function putBuffer(key: string, data: Buffer | Uint8Array): Promise<number> {
  const target = resolveKey(key);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(4).toString("hex")}.part`;
  await fsp.writeFile(temp, data);
  await fsp.rename(temp, target);
  return data.byteLength;
}

/** Moves an already written local file (e.g. a finished upload) into storage. */
export async function putFile(key: string, localPath: string): Promise<number> {
  const target = resolveKey(key);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  try {
    await fsp.rename(localPath, target);
  } catch {
    await fsp.copyFile(localPath, target);
    await fsp.rm(localPath, { force: true });
  }
  return (await fsp.stat(target)).size;
}

/**
 * Puts a stored file at `localPath` (inside the caller's private temporary folder) for tools that
 * read a path, such as ffmpeg: a hard link when possible (no copy, and a delete of the key cannot
 * pull the file away mid-read), otherwise a copy. S3 would download here.
 */
export async function linkToLocal(key: string, localPath: string): Promise<void> {
  const source = resolveKey(key);
  try {
    await fsp.link(source, localPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw error;
    await fsp.copyFile(source, localPath);
  }
}

export function readStream(key: string, range?: { start: number; end: number }): fs.ReadStream {
  return fs.createReadStream(resolveKey(key), range);
}

export async function readBuffer(key: string): Promise<Buffer> {
  return fsp.readFile(resolveKey(key));
}

export async function stat(key: string): Promise<{ size: number } | undefined> {
  try {
    const s = await fsp.stat(resolveKey(key));
    return { size: s.size };
  } catch {
    return undefined;
  }
}

/** Removes a key; a missing one is not an error (deletes are retried after commits). */
export async function remove(key: string): Promise<void> {
  await fsp.rm(resolveKey(key), { force: true });
}

// ---------------------------------------------------------------- temporary folders

/** Prefixes of the scratch folders that jobs and uploads create (and the sweeper may remove). */
export const TEMP_PREFIXES = ["upload", "transcribe", "chunk", "finalize"] as const;
/**
 * A folder in use is held by its process: listed in heldTempDirs and its time refreshed every
 * LEASE_REFRESH_MS, so another process sharing DATA_DIR sees it as alive. One nobody refreshed
 * for STALE_AFTER_MS belongs to a process that died (decision 006, issue 21).
 */
const LEASE_REFRESH_MS = 5 * 60 * 1000;
export const STALE_AFTER_MS = 30 * 60 * 1000;
const heldTempDirs = new Set<string>();
let leaseTimer: NodeJS.Timeout | undefined;

function refreshLeases(): void {
  const now = new Date();
  for (const dir of heldTempDirs) fs.utimes(dir, now, now, () => {});
}

/** A private scratch folder (mode 0700) for temporary files (uploads in progress, decoded audio), under DATA_DIR/tmp. */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = path.join(getConfig().DATA_DIR, "tmp");
  await fsp.mkdir(dir, { recursive: true });
  const created = await fsp.mkdtemp(path.join(dir, `${prefix}-`));
  heldTempDirs.add(created);
  leaseTimer ??= setInterval(refreshLeases, LEASE_REFRESH_MS).unref();
  return created;
}

/** Removes a folder made by makeTempDir, and its hold. */
export async function removeTempDir(dir: string): Promise<void> {
  try {
    await fsp.rm(dir, { recursive: true, force: true });
  } finally {
    heldTempDirs.delete(dir);
  }
}

/**
 * Removes the scratch folders of crashed processes: a known prefix, not held by this process,
 * not refreshed for STALE_AFTER_MS. Returns the names removed.
 */
export async function sweepStaleTempDirs(now: number = Date.now()): Promise<string[]> {
  const dir = path.join(getConfig().DATA_DIR, "tmp");
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!TEMP_PREFIXES.some((prefix) => name.startsWith(`${prefix}-`))) continue;
    const full = path.join(dir, name);
    if (heldTempDirs.has(full)) continue;
    const stat = await fsp.lstat(full).catch(() => undefined);
    if (!stat || now - stat.mtimeMs < STALE_AFTER_MS) continue;
    await fsp.rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes a folder of keys (a recording's chunks); a missing one is not an error. */
export async function removeDir(prefix: string): Promise<void> {
  await fsp.rm(resolveKey(prefix), { recursive: true, force: true });
}
