import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSyntheticModel, DEFAULT_SOURCE } from "../../../tests/support/synthetic-ggml";
import { UserFacingError } from "../types";
import { WhisperEngine } from "./engine";
import { downloadModel, ensureModel, inspectModelFile, MODEL_SHA1, resolveModel } from "./models";
import { DATA } from "./test-audio";

const payload = randomBytes(300_000);
const payloadSha1 = createHash("sha1").update(payload).digest("hex");

let server: http.Server;
let base = "";
let release: (() => void) | undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = path.basename(req.url ?? "");
    if (name === "ggml-missing.bin") {
      res.writeHead(404).end("not found");
    } else if (name === "ggml-cut.bin") {
      // Announces the full size, sends half, then drops the connection.
      res.writeHead(200, { "content-length": String(payload.length) });
      res.write(payload.subarray(0, payload.length / 2), () => res.destroy());
    } else if (name === "ggml-slow.bin") {
      res.writeHead(200, { "content-length": String(payload.length) });
      res.write(payload.subarray(0, 1000));
      release = () => res.end(payload.subarray(1000));
    } else {
      res.writeHead(200, { "content-length": String(payload.length) });
      res.end(payload);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

function freshDir(name: string): string {
  const dir = path.join(DATA, `models-${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

function leftovers(dataDir: string): string[] {
  const dir = path.join(dataDir, "models");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("resolveModel", () => {
  it("maps names to DATA_DIR/models/ggml-<name>.bin and keeps file paths", () => {
    expect(resolveModel("base-q5_1", "/data")).toEqual({ name: "base-q5_1", path: "/data/models/ggml-base-q5_1.bin", downloadable: true });
    expect(resolveModel("large-v3-turbo", "/d").path).toBe("/d/models/ggml-large-v3-turbo.bin");
    expect(resolveModel("/opt/m/ggml-small.bin", "/d")).toEqual({ name: "small", path: "/opt/m/ggml-small.bin", downloadable: false });
    expect(() => resolveModel("base; rm -rf", "/d")).toThrow(UserFacingError);
  });

  it("knows the published SHA-1 of the main models", () => {
    for (const name of ["tiny", "base", "small", "medium", "large-v3-turbo", "base-q5_1", "small-q5_1"]) {
      expect(MODEL_SHA1[name]).toMatch(/^[0-9a-f]{40}$/);
    }
  });
});

describe("download", () => {
  it("downloads, verifies and renames atomically, reporting progress", async () => {
    const dataDir = freshDir("ok");
    const target = path.join(dataDir, "models", "ggml-slow.bin");
    const seen: number[] = [];
    const pending = downloadModel("slow", { dataDir, baseUrl: base, sha1: payloadSha1, onProgress: (f) => seen.push(f) });
    // Mid-transfer only the temporary file exists: never a half file under the real name.
    await expect.poll(() => leftovers(dataDir).some((f) => f.endsWith(".part"))).toBe(true);
    expect(fs.existsSync(target)).toBe(false);
    release?.();
    expect(await pending).toBe(target);
    expect(fs.readFileSync(target).equals(payload)).toBe(true);
    expect(leftovers(dataDir)).toEqual(["ggml-slow.bin"]);
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(1);
  });

  it("rejects a SHA-1 mismatch and leaves no file", async () => {
    const dataDir = freshDir("sha");
    // "tiny" is in the table with its real checksum, which these bytes cannot match.
    const err = await downloadModel("tiny", { dataDir, baseUrl: base }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserFacingError);
    expect((err as Error).message).toMatch(/SHA-1 [0-9a-f]{40}, atteso bd577a11/);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it("leaves no file when the transfer is cut", async () => {
    const dataDir = freshDir("cut");
    const err = await downloadModel("cut", { dataDir, baseUrl: base, sha1: payloadSha1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserFacingError);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it("explains an unknown model name (HTTP 404) without retrying", async () => {
    const dataDir = freshDir("404");
    const err = (await downloadModel("missing", { dataDir, baseUrl: base, sha1: null, log: () => {} }).catch((e: unknown) => e)) as UserFacingError;
    expect(err).toBeInstanceOf(UserFacingError);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("WHISPER_MODEL");
  });

  it("reuses a model already present without any network", async () => {
    const dataDir = freshDir("present");
    fs.mkdirSync(path.join(dataDir, "models"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "models", "ggml-base.bin"), "x");
    const port = await closedPort();
    expect(await ensureModel("base", { dataDir, baseUrl: `http://127.0.0.1:${port}` })).toBe(path.join(dataDir, "models", "ggml-base.bin"));
  });
});

describe("missing model and no network", () => {
  it("fails the transcription with an Italian message naming the model and the install command", async () => {
    const dataDir = freshDir("offline");
    const port = await closedPort();
    const engine = new WhisperEngine({ model: "small", dataDir, modelUrl: `http://127.0.0.1:${port}` });
    expect(engine.model).toBe("small");
    const err = (await engine
      .transcribe({ wavPath: "/nonexistent.wav", durationSec: 1, language: "it" })
      .catch((e: unknown) => e)) as UserFacingError;
    expect(err).toBeInstanceOf(UserFacingError);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Il modello di trascrizione "small" non è installato');
    expect(err.message).toContain("npm run model:download -- small");
    expect(leftovers(dataDir)).toEqual([]);
    await expect(engine.prepare()).rejects.toThrow(/npm run model:download -- small/);
  });

  it("names a missing model file given as a path", async () => {
    const err = await ensureModel("/nowhere/ggml-x.bin", { dataDir: "/tmp", baseUrl: "http://127.0.0.1:1" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserFacingError);
    expect((err as Error).message).toContain("/nowhere/ggml-x.bin");
  });
});

describe("model file check", () => {
  it("accepts a complete model and rejects truncated or tensor-less files", () => {
    const file = buildSyntheticModel({ arch: "tiny" });
    expect(inspectModelFile(file)).toMatchObject({ audioLayers: 4, textLayers: 4, state: 384, tensors: 167 });
    // whisper.cpp's test file has header and vocabulary but no tensors.
    expect(() => inspectModelFile(DEFAULT_SOURCE)).toThrow(/0 tensori/);
    const cut = path.join(DATA, `truncated-${process.pid}.bin`);
    fs.mkdirSync(DATA, { recursive: true });
    const fd = fs.openSync(file, "r");
    const buf = Buffer.alloc(2_000_000);
    fs.readSync(fd, buf, 0, buf.length, 0);
    fs.closeSync(fd);
    fs.writeFileSync(cut, buf);
    expect(() => inspectModelFile(cut)).toThrow(/troncato/);
    fs.rmSync(cut);
  });

  it("synthetic models store their tensors like the published f16, q8_0 and q5_1 files", () => {
    // Published sizes of ggml-tiny.bin, ggml-tiny-q8_0.bin and ggml-tiny-q5_1.bin. The synthetic
    // files take header and vocabulary from whisper.cpp's test file, whose vocabulary block is a
    // few bytes off the real one; every tensor (types, shapes, order) must add up the same, so
    // the difference is one constant for all three.
    const published = { f16: 77_691_713, q8_0: 43_537_433, q5_1: 32_152_673 } as const;
    const offsets = (Object.keys(published) as (keyof typeof published)[]).map((weights) => {
      const file = buildSyntheticModel({ arch: "tiny", weights });
      expect(inspectModelFile(file)).toMatchObject({ tensors: 167 });
      return fs.statSync(file).size - published[weights];
    });
    expect(Math.abs(offsets[0])).toBeLessThan(10_000);
    expect(new Set(offsets).size).toBe(1);
  }, 60_000);
});
