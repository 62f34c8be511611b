import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { analyses, transcriptionSegments } from "~/db/schema";
import { setConfigForTests } from "~/services/config.server";
import { log } from "~/services/logger.server";
import { editTranscription, parseEdit } from "~/services/transcription-edits.server";
import { meetingWav, writeSyntheticModels } from "../support/meeting-voices";
import { row, uploadAudio, usePipeline, waitFor } from "../support/pipeline";

/**
 * Who spoke, through the real worker: an upload of two espeak voices taking turns, the OpenAI
 * double's 4 s segments, sherpa-onnx with the synthetic models in its child process.
 */

const pipe = usePipeline();

async function segmentsOf(id: string) {
  return getDb()
    .select()
    .from(transcriptionSegments)
    .where(eq(transcriptionSegments.transcriptionId, id))
    .orderBy(asc(transcriptionSegments.position));
}

/** Waits for the end, noting every stage seen on the way. */
async function stagesUntilDone(id: string) {
  const stages = new Set<string>();
  const deadline = Date.now() + 90_000;
  for (;;) {
    const r = await row(id);
    if (r.stage) stages.add(r.stage);
    if (r.status === "COMPLETED" || r.status === "FAILED") return { done: r, stages };
    if (Date.now() > deadline) throw new Error(`timeout: ${r.status} ${r.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("speaker diarization in the pipeline", () => {
  afterEach(() => {
    setConfigForTests({ DIARIZATION: "off", DIARIZATION_SPEAKERS: undefined });
    vi.restoreAllMocks();
  });

  it("labels each segment «Relatore N» by the voice heard, in order of appearance, and the rename reaches them all", async () => {
    const models = writeSyntheticModels(path.join(pipe.db.dataDir, "diarization-models"));
    setConfigForTests({ DIARIZATION: "on", DIARIZATION_SEGMENTATION_MODEL: models.segmentation, DIARIZATION_EMBEDDING_MODEL: models.embedding });
    const meeting = meetingWav(path.join(pipe.db.dataDir, "fixtures", "consiglio.wav"), "ABABA");
    const id = await uploadAudio(meeting.file, pipe.user);
    const { done, stages } = await stagesUntilDone(id);
    expect(done.status).toBe("COMPLETED");
    expect(stages).toContain("diarizing");

    // The voice that talks longest within each segment: A first, so A is «Relatore 1».
    const expected = (s: { start: number; end: number }) => {
      const by = (speaker: string) =>
        meeting.turns.filter((t) => t.speaker === speaker).reduce((n, t) => n + Math.max(0, Math.min(s.end, t.end) - Math.max(s.start, t.start)), 0);
      return by("A") >= by("B") ? "Relatore 1" : "Relatore 2";
    };
    const segments = await segmentsOf(id);
    expect(segments.length).toBeGreaterThan(10);
    const right = segments.filter((s) => s.speaker === expected(s)).length;
    expect(right / segments.length).toBeGreaterThanOrEqual(0.9);
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(["Relatore 1", "Relatore 2"]));

    // An action the minutes gave to the speaker who committed (as an LLM reading «Relatore 1: me ne occupo io» does).
    const action = { task: "Preparare il preventivo", owner: "Relatore 1", due: null, timestamp: "00:04" };
    await getDb()
      .update(analyses)
      .set({ actionItems: [action] })
      .where(eq(analyses.transcriptionId, id));

    await editTranscription(id, { userId: pipe.user.id }, pipe.user.id, parseEdit({ speakers: [{ from: "Relatore 1", to: "Bianchi" }] }));
    const renamed = await segmentsOf(id);
    expect(renamed.map((s) => s.speaker)).toEqual(segments.map((s) => (s.speaker === "Relatore 1" ? "Bianchi" : s.speaker)));
    const [minutes] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id));
    expect(minutes.actionItems).toEqual([{ ...action, owner: "Bianchi" }]);
  }, 120_000);

  it("uses the known number of speakers (DIARIZATION_SPEAKERS=1: one speaker throughout)", async () => {
    const models = writeSyntheticModels(path.join(pipe.db.dataDir, "diarization-models"));
    setConfigForTests({
      DIARIZATION: "on",
      DIARIZATION_SPEAKERS: 1,
      DIARIZATION_SEGMENTATION_MODEL: models.segmentation,
      DIARIZATION_EMBEDDING_MODEL: models.embedding,
    });
    const meeting = meetingWav(path.join(pipe.db.dataDir, "fixtures", "uno.wav"), "AB");
    const id = await uploadAudio(meeting.file, pipe.user);
    expect((await waitFor(id, ["COMPLETED", "FAILED"], 60_000)).status).toBe("COMPLETED");
    expect(new Set((await segmentsOf(id)).map((s) => s.speaker))).toEqual(new Set(["Relatore 1"]));
  }, 90_000);

  it("fails soft: a model the toolkit rejects leaves the transcript complete without speakers, and one log line says why", async () => {
    const bad = writeSyntheticModels(path.join(pipe.db.dataDir, "bad-models"), { framework: "sconosciuto" });
    setConfigForTests({ DIARIZATION: "on", DIARIZATION_SEGMENTATION_MODEL: bad.segmentation, DIARIZATION_EMBEDDING_MODEL: bad.embedding });
    const warn = vi.spyOn(log, "warn");
    const id = await uploadAudio(pipe.audio, pipe.user);
    const done = await waitFor(id, ["COMPLETED", "FAILED"], 60_000);
    expect(done).toMatchObject({ status: "COMPLETED", errorMessage: null });
    expect(done.text).toMatch(/^Buongiorno a tutti/);
    const segments = await segmentsOf(id);
    expect(segments).toHaveLength(3);
    expect(segments.every((s) => s.speaker === null)).toBe(true);
    const lines = warn.mock.calls.filter((c) => String(c[1] ?? c[0]).startsWith("Riconoscimento dei relatori non eseguito"));
    expect(lines).toHaveLength(1);
    expect(lines[0][0]).toEqual({ transcriptionId: id });
  }, 90_000);
});
