import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "../../../tests/support/s3";
import type { StorageBackend } from "./backend.server";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";

/** The storage contract, run against the local folder and a real S3-compatible server (s3rver). */

const scratch = path.resolve(import.meta.dirname, "../../../tests/.data", `storage-${process.pid}`);
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** `total` pseudo-random bytes made as they are read (never whole in memory), and their SHA-256. */
function generated(total: number, seed = 1): { stream: () => Readable; sha256: string } {
  const block = (i: number) => createHash("sha512").update(`${seed}:${i}`).digest();
  const hash = createHash("sha256");
  for (let i = 0, left = total; left > 0; i++, left -= 64) hash.update(block(i).subarray(0, Math.min(64, left)));
  return {
    sha256: hash.digest("hex"),
    stream: () =>
      Readable.from(
        (function* () {
          const batch = 1024;
          for (let i = 0, left = total; left > 0; i += batch) {
            const parts: Buffer[] = [];
            for (let j = 0; j < batch && left > 0; j++, left -= 64) parts.push(block(i + j).subarray(0, Math.min(64, left)));
            yield Buffer.concat(parts);
          }
        })(),
      ),
  };
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe.each([
  ["local folder", () => new LocalStorage(path.join(scratch, randomBytes(4).toString("hex")))],
  ["S3 (s3rver)", () => s3.storage(`contract-${randomBytes(4).toString("hex")}`)],
] as const)("storage contract: %s", (_name, make) => {
  let storage: StorageBackend;
  beforeAll(() => {
    storage = make();
  });

  it("stores a stream and reads it back whole, or any inclusive byte range of it", async () => {
    const data = Buffer.from("Buongiorno a tutti, iniziamo la riunione.");
    expect(await storage.putStream("audio/a.webm", Readable.from([data.subarray(0, 10), data.subarray(10)]))).toBe(data.length);
    expect(await storage.stat("audio/a.webm")).toEqual({ size: data.length });
    expect(await readAll(await storage.openRead("audio/a.webm"))).toEqual(data);
    expect((await readAll(await storage.openRead("audio/a.webm", { start: 0, end: 9 }))).toString()).toBe("Buongiorno");
    expect((await readAll(await storage.openRead("audio/a.webm", { start: data.length - 9, end: data.length - 1 }))).toString()).toBe("riunione.");
  });

  it("streams 12 MiB in (several multipart parts on S3) and out unchanged", async () => {
    const big = generated(12 * 1024 * 1024 + 123);
    expect(await storage.putStream("audio/lunga.ogg", big.stream())).toBe(12 * 1024 * 1024 + 123);
    expect(await storage.stat("audio/lunga.ogg")).toEqual({ size: 12 * 1024 * 1024 + 123 });
    expect(sha256(await readAll(await storage.openRead("audio/lunga.ogg")))).toBe(big.sha256);
  });

  it("a stream that breaks midway leaves no object, not even half of one", async () => {
    const broken = Readable.from(
      (async function* () {
        yield Buffer.alloc(6 * 1024 * 1024, 1);
        throw new Error("connessione persa");
      })(),
    );
    await expect(storage.putStream("audio/rotto.webm", broken)).rejects.toThrow();
    expect(await storage.stat("audio/rotto.webm")).toBeUndefined();
    expect(await storage.list("audio")).not.toContain("audio/rotto.webm");
  });

  it("stores a buffer; replaces an object written again", async () => {
    expect(await storage.putBuffer("documents/d.docx", Buffer.from("prima"))).toBe(5);
    expect(await storage.putBuffer("documents/d.docx", Buffer.from("seconda versione"))).toBe(16);
    expect((await readAll(await storage.openRead("documents/d.docx"))).toString()).toBe("seconda versione");
  });

  it("moves a local file in (the file is gone after) and copies an object out to a path for ffmpeg", async () => {
    fs.mkdirSync(scratch, { recursive: true });
    const local = path.join(scratch, `upload-${randomBytes(4).toString("hex")}`);
    fs.writeFileSync(local, "audio caricato");
    expect(await storage.putFile("audio/u.mp3", local)).toBe(14);
    expect(fs.existsSync(local)).toBe(false);
    const out = path.join(scratch, `input-${randomBytes(4).toString("hex")}`);
    await storage.copyToLocal("audio/u.mp3", out);
    expect(fs.readFileSync(out, "utf8")).toBe("audio caricato");
  });

  it("a missing key: stat undefined, reads reject with ENOENT, remove is not an error", async () => {
    expect(await storage.stat("audio/nessuno.webm")).toBeUndefined();
    await expect(storage.openRead("audio/nessuno.webm")).rejects.toMatchObject({ code: "ENOENT" });
    await expect(storage.copyToLocal("audio/nessuno.webm", path.join(scratch, "mai"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(fs.existsSync(path.join(scratch, "mai"))).toBe(false);
    await expect(storage.remove("audio/nessuno.webm")).resolves.toBeUndefined();
    await expect(storage.removePrefix("recordings/nessuna")).resolves.toBeUndefined();
  });

  it("removes one key, or every key under a folder and nothing beside it; lists a folder sorted", async () => {
    for (const i of [2, 0, 1]) await storage.putBuffer(`recordings/r1/000000${i}.part`, Buffer.from([i]));
    await storage.putBuffer("recordings/r10/0000000.part", Buffer.from([9]));
    expect(await storage.list("recordings/r1")).toEqual(["recordings/r1/0000000.part", "recordings/r1/0000001.part", "recordings/r1/0000002.part"]);
    await storage.remove("recordings/r1/0000001.part");
    expect(await storage.list("recordings/r1")).toEqual(["recordings/r1/0000000.part", "recordings/r1/0000002.part"]);
    await storage.removePrefix("recordings/r1");
    expect(await storage.list("recordings/r1")).toEqual([]);
    expect(await storage.list("recordings/r10")).toEqual(["recordings/r10/0000000.part"]);
  });

  it("refuses keys that would leave its place", async () => {
    for (const key of ["../fuori", "/assoluta", "audio/../../fuori", "audio//doppia", "audio/", ""]) {
      await expect(storage.putBuffer(key, Buffer.from("x"))).rejects.toThrow(/Chiave di archivio non valida/);
    }
  });

  it("passes its start-up check", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("local folder", () => {
  it("keeps each key as the file at that path under its folder, as before object storage", async () => {
    const root = path.join(scratch, "bytes");
    const storage = new LocalStorage(root);
    await storage.putBuffer("audio/x.webm", Buffer.from("stesso contenuto"));
    expect(fs.readFileSync(path.join(root, "audio", "x.webm"), "utf8")).toBe("stesso contenuto");
    expect(fs.readdirSync(path.join(root, "audio"))).toEqual(["x.webm"]);
  });
});

describe("S3", () => {
  it("keeps the objects under STORAGE_URL's prefix in the bucket", async () => {
    const storage = s3.storage("verbale/prova");
    await storage.putBuffer("audio/p.webm", Buffer.from("p"));
    expect(await s3.storage("").list("verbale/prova/audio")).toEqual(["verbale/prova/audio/p.webm"]);
    expect(await storage.list("audio")).toEqual(["audio/p.webm"]);
  });

  it("start-up check: a missing bucket, wrong keys, an endpoint nobody answers each give their reason", async () => {
    const options = {
      bucket: s3.bucket,
      prefix: "",
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
    };
    const missing = new S3Storage({ ...options, bucket: "non-esiste" });
    await expect(missing.check()).rejects.toThrow(/^il bucket non esiste: s3:\/\/non-esiste\//);
    // s3rver checks the key id but not V4 signatures, so a wrong id stands for wrong keys.
    const wrongKeys = new S3Storage({ ...options, credentials: { accessKeyId: "SCONOSCIUTA", secretAccessKey: "sbagliata" } });
    await expect(wrongKeys.check()).rejects.toThrow(/^accesso negato \(controlla S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY\)/);
    const nobody = new S3Storage({ ...options, endpoint: "http://127.0.0.1:9" });
    await expect(nobody.check()).rejects.toThrow(/^archivio non raggiungibile .*http:\/\/127\.0\.0\.1:9/);
    for (const storage of [missing, wrongKeys, nobody]) storage.destroy();
  });
});
