import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TimedSegment } from "~/lib/analysis";
import { getConfig, setConfigForTests, type Config } from "~/services/config.server";
import { log } from "~/services/logger.server";
import { meetingWav, writeSyntheticModels } from "../../../tests/support/meeting-voices";
import { labelSpeakers } from "./label";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-"));
let saved: Config;
let meeting: ReturnType<typeof meetingWav>;
let models: ReturnType<typeof writeSyntheticModels>;
beforeAll(() => {
  saved = getConfig();
  meeting = meetingWav(path.join(dir, "two.wav"), "AB");
  models = writeSyntheticModels(path.join(dir, "models"));
});
afterEach(() => {
  setConfigForTests(saved);
  vi.restoreAllMocks();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const segments = (): TimedSegment[] => [
  { start: 0, end: 4, text: "uno" },
  { start: 12, end: 16, text: "due" },
];
const base = { transcriptionId: "t-1" };

describe("labelSpeakers", () => {
  it("takes the meeting's «Numero di partecipanti che parlano» over DIARIZATION_SPEAKERS", async () => {
    setConfigForTests({
      DIARIZATION: "on",
      DIARIZATION_SPEAKERS: 2,
      DIARIZATION_SEGMENTATION_MODEL: models.segmentation,
      DIARIZATION_EMBEDDING_MODEL: models.embedding,
    });
    const two = await labelSpeakers({ ...base, segments: segments(), wavPath: meeting.file, offsetSec: 0, meeting: null });
    expect(two.map((s) => s.speaker)).toEqual(["Relatore 1", "Relatore 2"]);
    const one = await labelSpeakers({
      ...base,
      segments: segments(),
      wavPath: meeting.file,
      offsetSec: 0,
      meeting: { type: "consiglio-classe", speakerCount: 1 },
    });
    expect(one.map((s) => s.speaker)).toEqual(["Relatore 1", "Relatore 1"]);
  }, 60_000);

  it("shifts the turns by the offset of the audio it was given; the live words before it keep no speaker", async () => {
    setConfigForTests({ DIARIZATION: "on", DIARIZATION_SEGMENTATION_MODEL: models.segmentation, DIARIZATION_EMBEDDING_MODEL: models.embedding });
    const shifted: TimedSegment[] = [
      { start: 0, end: 30, text: "detto dal vivo" },
      { start: 30, end: 34, text: "uno" },
      { start: 42, end: 46, text: "due" },
    ];
    const out = await labelSpeakers({ ...base, segments: shifted, wavPath: meeting.file, offsetSec: 30, meeting: null });
    expect(out.map((s) => s.speaker)).toEqual([undefined, "Relatore 1", "Relatore 2"]);
  }, 60_000);

  it("auto without models that can be fetched: segments unchanged, one info line, not again for the next recording", async () => {
    setConfigForTests({
      DIARIZATION: "auto",
      DATA_DIR: dir,
      DIARIZATION_MODEL_URL: "http://127.0.0.1:9/modelli",
      DIARIZATION_SEGMENTATION_MODEL: undefined,
      DIARIZATION_EMBEDDING_MODEL: undefined,
    });
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const out = await labelSpeakers({ ...base, segments: segments(), wavPath: meeting.file, offsetSec: 0, meeting: null });
    expect(out).toEqual(segments());
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0][1])).toMatch(/^Riconoscimento dei relatori non eseguito: modelli non disponibili/);
    // The next recording does not try (nor log) again for a while.
    expect(await labelSpeakers({ ...base, segments: segments(), wavPath: meeting.file, offsetSec: 0, meeting: null })).toEqual(segments());
    expect(info).toHaveBeenCalledTimes(1);
  });

  it("does not run when off, or when every segment already has a speaker (engine or call channels)", async () => {
    const missing = path.join(dir, "nessun-file.wav");
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    setConfigForTests({ DIARIZATION: "off" });
    expect(await labelSpeakers({ ...base, segments: segments(), wavPath: missing, offsetSec: 0, meeting: null })).toEqual(segments());
    setConfigForTests({ DIARIZATION: "on", DIARIZATION_SEGMENTATION_MODEL: models.segmentation, DIARIZATION_EMBEDDING_MODEL: models.embedding });
    const labelled = segments().map((s) => ({ ...s, speaker: "Anna" }));
    expect(await labelSpeakers({ ...base, segments: labelled, wavPath: missing, offsetSec: 0, meeting: null })).toEqual(labelled);
    expect(info).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
