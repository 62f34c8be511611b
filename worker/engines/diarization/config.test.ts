import { describe, expect, it } from "vitest";
import { parseConfig } from "~/services/config.server";

describe("diarization settings", () => {
  it("defaults to auto, the catalogue models and a 0.5 threshold", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ DIARIZATION: "auto", DIARIZATION_THRESHOLD: 0.5 });
    expect(config.DIARIZATION_SPEAKERS).toBeUndefined();
    expect(config.DIARIZATION_SEGMENTATION_MODEL).toBeUndefined();
  });

  it("reads on/off, the number of speakers, local paths and a mirror", () => {
    const config = parseConfig({
      DIARIZATION: "on",
      DIARIZATION_SPEAKERS: "4",
      DIARIZATION_SEGMENTATION_MODEL: "/modelli/seg.onnx",
      DIARIZATION_MODEL_URL: "https://mirror.example.it/diarization",
    });
    expect(config).toMatchObject({
      DIARIZATION: "on",
      DIARIZATION_SPEAKERS: 4,
      DIARIZATION_SEGMENTATION_MODEL: "/modelli/seg.onnx",
      DIARIZATION_MODEL_URL: "https://mirror.example.it/diarization",
    });
  });

  it("stops start-up with one Italian line naming a wrong value", () => {
    expect(() => parseConfig({ DIARIZATION: "sì" })).toThrow(/^Configurazione non valida: DIARIZATION: DIARIZATION deve essere auto, on oppure off/);
    expect(() => parseConfig({ DIARIZATION_SPEAKERS: "0" })).toThrow(/DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100/);
    expect(() => parseConfig({ DIARIZATION_SPEAKERS: "due" })).toThrow(/DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100/);
    expect(() => parseConfig({ DIARIZATION_THRESHOLD: "5" })).toThrow(/DIARIZATION_THRESHOLD deve essere un numero tra 0.01 e 2/);
    expect(() => parseConfig({ DIARIZATION_MODEL_URL: "mirror.local" })).toThrow(/DIARIZATION_MODEL_URL deve essere un indirizzo http/);
  });
});
