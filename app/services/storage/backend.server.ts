import type { Readable } from "node:stream";

/**
 * What a place for stored objects must do (decision 021). Keys are relative, slash-separated
 * paths like "audio/<id>.webm" or "recordings/<id>/0000001.part"; a reader never sees half an
 * object (it is there whole or not at all).
 */
export interface StorageBackend {
  readonly kind: "local" | "s3";
  /** Where it is, for log lines and start-up errors (never a secret). */
  readonly description: string;
  /** Stores a stream (never held whole in memory); returns its size in bytes. */
  putStream(key: string, source: Readable): Promise<number>;
  putBuffer(key: string, data: Buffer | Uint8Array): Promise<number>;
  /** Stores a local file and removes it (a move where the backend allows one); returns its size. */
  putFile(key: string, localPath: string): Promise<number>;
  /** Writes the object to `localPath` for tools that read a path (ffmpeg); rejects with code ENOENT when missing. */
  copyToLocal(key: string, localPath: string): Promise<void>;
  /** The object, or the inclusive byte range of it; rejects with code ENOENT when missing. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes a key; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix/`; none is not an error. */
  removePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix/`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Start-up: throws when the place cannot be used (missing bucket, wrong endpoint or keys). */
  check(): Promise<void>;
}

/** The error a missing key rejects with, the same for every backend. */
export function missingKey(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`Oggetto non trovato in archivio: ${key}`);
  error.code = "ENOENT";
  return error;
}

/** Keys come from the app (ids, fixed folders), never from a client; this is the last guard. */
export function assertKey(key: string): void {
  if (
    key === "" ||
    key.startsWith("/") ||
    key.endsWith("/") ||
    key.includes("\\") ||
    key.split("/").some((part) => part === "" || part === "." || part === "..")
  )
    throw new Error(`Chiave di archivio non valida: ${key}`);
}
