import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { ConfigError, getConfig, type Config } from "./config.server";
import type { StorageBackend } from "./storage/backend.server";
import { LocalStorage } from "./storage/local.server";

/**
 * The one storage module for audio, recording chunks and documents. Keys are relative paths like
 * "audio/<id>.webm"; where they live is STORAGE_URL's choice (decision 021): the folder
 * DATA_DIR/storage by default, or an S3-compatible object store. Temporary folders (below) are
 * always local: they hold what a tool such as ffmpeg reads or writes by path.
 */

const backends = new WeakMap<Config, Promise<StorageBackend>>();

/** The backend of the current configuration (tests swap the configuration, and with it this). */
export function getStorage(): Promise<StorageBackend> {
  const config = getConfig();
  let backend = backends.get(config);
  if (!backend) {
    backend = createStorage(config);
    backends.set(config, backend);
  }
  return backend;
}

const localRoot = (config: Config, root: string | undefined) => root ?? path.join(config.DATA_DIR, "storage");

async function createStorage(config: Config): Promise<StorageBackend> {
  const location = config.STORAGE;
  if (location.kind === "local") return new LocalStorage(localRoot(config, location.root));
  // Loaded only when configured: the AWS SDK costs about 0.3 s and 30 MB at every start otherwise.
  const { S3Storage } = await import("./storage/s3.server");
  return new S3Storage({
    bucket: location.bucket,
    prefix: location.prefix,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/**
 * Start-up: the storage can be used (the folder made, the bucket there and reachable with these
 * keys), or a ConfigError with one line naming STORAGE_URL.
 */
export async function checkStorage(): Promise<void> {
  try {
    await (await getStorage()).check();
  } catch (error) {
    throw new ConfigError(`Configurazione non valida: STORAGE_URL: ${(error as Error).message}`);
  }
}

/** The local file of a key with the local backend (tests look at files on disk through this). */
export function storagePath(key: string): string {
  const config = getConfig();
  if (config.STORAGE.kind !== "local") throw new Error("storagePath: solo con l'archivio locale");
  return new LocalStorage(localRoot(config, config.STORAGE.root)).pathOf(key);
}

/**
 * Stores a stream (never whole in memory); readers never see half of it. Returns its size.
 * @public part of the storage interface; uploads and chunks arrive as files first (ffprobe reads them)
 */
export async function putStream(key: string, source: Readable): Promise<number> {
  return (await getStorage()).putStream(key, source);
}

export async function putBuffer(key: string, data: Buffer | Uint8Array): Promise<number> {
  return (await getStorage()).putBuffer(key, data);
}

/** Moves an already written local file (e.g. a finished upload) into storage. */
export async function putFile(key: string, localPath: string): Promise<number> {
  return (await getStorage()).putFile(key, localPath);
}

/**
 * Puts a stored object at `localPath` (inside the caller's private temporary folder, which the
 * caller removes) for tools that read a path, such as ffmpeg: locally a hard link, from S3 a
 * download.
 */
export async function linkToLocal(key: string, localPath: string): Promise<void> {
  return (await getStorage()).copyToLocal(key, localPath);
}

/** The object, or an inclusive byte range of it (Range downloads). */
export async function openReadStream(key: string, range?: { start: number; end: number }): Promise<Readable> {
  return (await getStorage()).openRead(key, range);
}

export async function readBuffer(key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await openReadStream(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function stat(key: string): Promise<{ size: number } | undefined> {
  return (await getStorage()).stat(key);
}

/** Removes a key; a missing one is not an error (deletes are retried after commits). */
export async function remove(key: string): Promise<void> {
  return (await getStorage()).remove(key);
}

/** Removes a folder of keys (a recording's chunks); a missing one is not an error. */
export async function removeDir(prefix: string): Promise<void> {
  return (await getStorage()).removePrefix(prefix);
}

// ---------------------------------------------------------------- temporary folders

/** Prefixes of the scratch folders that jobs and uploads create (and the sweeper may remove). */
export const TEMP_PREFIXES = ["upload", "transcribe", "chunk", "finalize", "live", "assembled"] as const;
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
export async function makeTempDir(prefix: (typeof TEMP_PREFIXES)[number]): Promise<string> {
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
