import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analysisResultSchema, type TimedSegment } from "~/lib/analysis";
import { buildSyntheticGguf } from "../../../tests/support/synthetic-gguf";
import { LocalAnalysisEngine } from "../local-analysis/index";
import type { MinutesPartStore } from "../types";
import { LocalLlmAnalysisEngine } from "./engine";
import { saveSpeed } from "./speed";

/**
 * Issue 35 on the tiny synthetic GGUF: the parts of a live transcript whose words are final get
 * their map step during the meeting; at «Invia» they are not asked again; an edited part is.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "llm-live-parts-"));
const modelFile = buildSyntheticGguf({ shape: "tiny" });
const e = new LocalLlmAnalysisEngine({
  model: modelFile,
  dataDir,
  threads: 1,
  // Beside other test files on the same cores a model at the lowest priority would wait for them.
  priority: "normal",
  partTokens: 450,
  fallback: new LocalAnalysisEngine(),
  log: () => {},
});
afterAll(async () => {
  await e.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** minutes_parts in memory, with the positions written. */
function memoryStore() {
  const rows = new Map<number, { hash: string; model: string; result: object }>();
  const written: number[] = [];
  const store: MinutesPartStore = {
    get: async (position, hash, model) => {
      const row = rows.get(position);
      return row && row.hash === hash && row.model === model ? row.result : undefined;
    },
    put: async (position, hash, model, result) => {
      rows.set(position, { hash, model, result });
      written.push(position);
    },
  };
  return { store, rows, written };
}

const meeting: TimedSegment[] = Array.from({ length: 12 }, (_, i) => ({
  start: i * 300,
  end: i * 300 + 10,
  text: `Intervento numero ${i + 1} sul punto ${Math.floor(i / 6) + 1} dell'ordine del giorno, con una proposta da votare.`,
}));

describe("minutes written while the meeting runs", () => {
  it("does the complete parts during the meeting, only the rest at «Invia», and redoes an edited part", { timeout: 240_000 }, async () => {
    const { store, rows, written } = memoryStore();
    // Two thirds of the meeting said: every part but the last one (still growing) is done.
    const soFar = await e.mapCompleteParts({ segments: meeting.slice(0, 8), language: "it", parts: store });
    const during = [...written];
    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during).toEqual(during.map((_, i) => i));
    expect(soFar!.topics.length).toBeGreaterThan(0);
    // Called again with nothing new: nothing asked again.
    await e.mapCompleteParts({ segments: meeting.slice(0, 8), language: "it", parts: store });
    expect(written).toEqual(during);

    // «Invia»: the parts done are reused, the others asked and kept.
    written.length = 0;
    const minutes = await e.analyze({ segments: meeting, language: "it", parts: store });
    expect(minutes.producedBy).toBeUndefined();
    expect(analysisResultSchema.safeParse(minutes).success).toBe(true);
    expect(written.length).toBeGreaterThanOrEqual(1);
    for (const position of during) expect(written).not.toContain(position);
    const total = rows.size;

    // Speakers labelled after «Invia» (channels, diarization) change no part's key: nothing asked again.
    written.length = 0;
    const labelled = meeting.map((s, i) => ({ ...s, speaker: `Relatore ${(i % 2) + 1}` }));
    expect((await e.analyze({ segments: labelled, language: "it", parts: store })).producedBy).toBeUndefined();
    expect(written).toEqual([]);

    // The person corrects a word of the first part: that part alone is asked again.
    written.length = 0;
    const edited = meeting.map((s, i) => (i === 1 ? { ...s, text: s.text.replace("votare", "votara") } : s));
    await e.analyze({ segments: edited, language: "it", parts: store });
    expect(written).toEqual([0]);
    expect(rows.size).toBe(total);
  });

  it("the 5-minute estimate leaves out the parts done during the meeting", { timeout: 240_000 }, async () => {
    const { store } = memoryStore();
    // Over 5 minutes for the whole transcript, under for what is left once every part is kept.
    saveSpeed(dataDir, modelFile, 1, {
      readPerSecond: 20,
      writePerSecond: 1.8,
      charsPerToken: 1,
      threads: 1,
      cpu: "lenta",
      measuredAt: new Date().toISOString(),
    });
    expect((await e.analyze({ segments: meeting, language: "it", parts: store })).standIn).toBe("slow");
    await e.analyze({ segments: meeting, language: "it", parts: store, waitForLlm: true });
    expect((await e.analyze({ segments: meeting, language: "it", parts: store })).standIn).not.toBe("slow");
  });
});
