import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetingWav, writeSyntheticModels } from "../../../tests/support/meeting-voices";
import { embeddingModel, segmentationModel } from "../../../tests/support/synthetic-onnx";
import { diarizationErrorRate } from "./assign";
import { diarize } from "./index";
import { ensureDiarizationModels } from "./models";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "diarize-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("diarize with sherpa-onnx and the synthetic models", () => {
  const models = writeSyntheticModels(path.join(dir, "models"));
  const paths = { segmentation: models.segmentation, embedding: models.embedding };

  it("finds two voices taking turns without being told how many (DER < 30 %)", async () => {
    const meeting = meetingWav(path.join(dir, "two.wav"), "ABABA");
    const result = await diarize({ wavPath: meeting.file, dataDir: dir, paths });
    expect(result.reason).toBeUndefined();
    expect(new Set(result.turns!.map((t) => t.speaker)).size).toBe(2);
    const der = diarizationErrorRate(meeting.turns, result.turns!);
    console.log(`DER 2 voci: ${(der * 100).toFixed(1)} %`);
    expect(der).toBeLessThan(0.3);
  }, 60_000);

  it("finds three voices (DER < 30 %)", async () => {
    const meeting = meetingWav(path.join(dir, "three.wav"), "ABCACB");
    const result = await diarize({ wavPath: meeting.file, dataDir: dir, paths });
    expect(new Set(result.turns!.map((t) => t.speaker)).size).toBe(3);
    const der = diarizationErrorRate(meeting.turns, result.turns!);
    console.log(`DER 3 voci: ${(der * 100).toFixed(1)} %`);
    expect(der).toBeLessThan(0.3);
  }, 60_000);

  it("fails soft when the toolkit exits on a model it cannot use: no turns, the reason", async () => {
    const bad = writeSyntheticModels(path.join(dir, "bad"), { framework: "nessuno" });
    const meeting = path.join(dir, "two.wav");
    const result = await diarize({ wavPath: meeting, dataDir: dir, paths: { segmentation: bad.segmentation, embedding: bad.embedding } });
    expect(result.turns).toBeNull();
    expect(result.reason).toMatch(/processo è terminato/);
  }, 60_000);

  it("fails soft on a missing local model file", async () => {
    const result = await diarize({
      wavPath: path.join(dir, "two.wav"),
      dataDir: dir,
      paths: { ...paths, embedding: path.join(dir, "assente.onnx") },
    });
    expect(result).toEqual({ turns: null, reason: expect.stringMatching(/assente\.onnx" non esiste/), modelsMissing: true });
  });
});

describe("the model catalogue's download", () => {
  const files: Record<string, Buffer> = {
    "pyannote-segmentation-3.0.int8.onnx": segmentationModel(),
    "3dspeaker-campplus-zh-en-16k-advanced.onnx": embeddingModel(),
  };
  const sha = (b: Buffer) => ({ algorithm: "sha256" as const, hex: createHash("sha256").update(b).digest("hex") });
  let server: http.Server;
  let baseUrl = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const body = files[path.basename(req.url ?? "")];
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { "content-length": body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/models`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("downloads both models into DATA_DIR/models/diarization when the SHA-256 matches", async () => {
    const dataDir = path.join(dir, "ok");
    const checksums = {
      segmentation: sha(files["pyannote-segmentation-3.0.int8.onnx"]),
      embedding: sha(files["3dspeaker-campplus-zh-en-16k-advanced.onnx"]),
    };
    const got = await ensureDiarizationModels({ dataDir, baseUrl, checksums });
    expect(got.segmentation).toBe(path.join(dataDir, "models", "diarization", "pyannote-segmentation-3.0.int8.onnx"));
    expect(fs.readFileSync(got.embedding)).toEqual(files["3dspeaker-campplus-zh-en-16k-advanced.onnx"]);
  });

  it("discards a file whose SHA-256 differs from the catalogue's and diarization then fails soft", async () => {
    const dataDir = path.join(dir, "corrupt");
    // The synthetic files are not the catalogue's real models: their checksums cannot match.
    const result = await diarize({ wavPath: path.join(dir, "two.wav"), dataDir, baseUrl });
    expect(result.turns).toBeNull();
    expect(result.reason).toMatch(/non è integro/);
    expect(fs.readdirSync(path.join(dataDir, "models", "diarization"))).toEqual([]);
  });
});
