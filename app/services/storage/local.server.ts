import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, missingKey, type StorageBackend } from "./backend.server";

/**
 * A folder on this machine (by default DATA_DIR/storage): each key is the file at that relative
 * path, written to a temporary name and renamed into place.
 */
export class LocalStorage implements StorageBackend {
  readonly kind = "local";
  constructor(readonly root: string) {}

  get description(): string {
    return this.root;
  }

  /** The file of a key; also the local path tests and tools may read. */
  pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Chiave di archivio non valida: ${key}`);
    return full;
  }

  private async tempFor(key: string): Promise<{ target: string; temp: string }> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    return { target, temp: `${target}.${randomBytes(4).toString("hex")}.part` };
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const { target, temp } = await this.tempFor(key);
    try {
      await pipeline(source, fs.createWriteStream(temp));
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return (await fsp.stat(target)).size;
  }

  async putBuffer(key: string, data: Buffer | Uint8Array): Promise<number> {
    const { target, temp } = await this.tempFor(key);
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, target);
    return data.byteLength;
  }

  async putFile(key: string, localPath: string): Promise<number> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(localPath, target);
    } catch {
      await fsp.copyFile(localPath, target);
      await fsp.rm(localPath, { force: true });
    }
    return (await fsp.stat(target)).size;
  }

  /** A hard link when possible (no copy, and a delete of the key cannot pull the file away mid-read), else a copy. */
  async copyToLocal(key: string, localPath: string): Promise<void> {
    const source = this.pathOf(key);
    try {
      await fsp.link(source, localPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw missingKey(key);
      await fsp.copyFile(source, localPath);
    }
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // Opened before answering, so a missing file is an error here rather than mid-response.
    const handle = await fsp.open(this.pathOf(key), "r").catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? missingKey(key) : error;
    });
    return handle.createReadStream(range);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : undefined;
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const dir = this.pathOf(prefix);
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return (
      entries
        // Not the temporary files of writes under way (<name>.<8 hex>.part).
        .filter((entry) => entry.isFile() && !/\.[0-9a-f]{8}\.part$/.test(entry.name))
        .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .sort()
    );
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
  }
}
