/**
 * The local LLM engine with an agenda given up front (issue 31), on the synthetic GGUF model the
 * engine tests use: it says nothing sensible, so this checks what the engine guarantees whatever
 * the model says — the grammar allows only the items as topic names, and the minutes have one
 * topic per item, in order, named as given.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisResultSchema, type TimedSegment } from "~/lib/analysis";
import { OTHER_BUSINESS } from "~/lib/meeting";
import { buildSyntheticGguf } from "../../../tests/support/synthetic-gguf";
import { LocalAnalysisEngine } from "../local-analysis/index";
import { LocalLlmAnalysisEngine } from "./engine";
import { partSchema } from "./schema";

let dir: string;
let engine: LocalLlmAnalysisEngine;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "llm-agenda-"));
  engine = new LocalLlmAnalysisEngine({
    model: buildSyntheticGguf({ shape: "tiny" }),
    dataDir: dir,
    threads: 1,
    // Beside other test files on the same cores a model at the lowest priority would wait for them.
    priority: "normal",
    fallback: new LocalAnalysisEngine(),
    log: () => {},
  });
});

afterAll(async () => {
  await engine.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const meeting: TimedSegment[] = [
  { start: 0, end: 6, text: "Buonasera, apriamo l'assemblea del condominio di via Roma." },
  { start: 6, end: 14, text: "Primo punto all'ordine del giorno: il rifacimento della facciata." },
  { start: 75, end: 84, text: "Si approva il preventivo dell'impresa Rossi all'unanimità." },
  { start: 200, end: 210, text: "Secondo punto: la pulizia delle scale, il contratto scade a giugno." },
];
const agenda = ["Rifacimento della facciata", "Pulizia delle scale", "Nomina del revisore"];

describe("local LLM engine with an agenda (synthetic GGUF)", () => {
  it("holds the topic names in the grammar's schema to the items and «Varie ed eventuali»", () => {
    const schema = partSchema(["00:00", "00:06"], true, [...agenda, OTHER_BUSINESS]);
    expect(schema.properties.argomenti.items.properties.nome).toEqual({ enum: [...agenda, OTHER_BUSINESS] });
    expect(partSchema(["00:00"], true).properties.argomenti.items.properties.nome).toMatchObject({ type: "string" });
  });

  it("makes one topic per item, in order, named as given, whatever the model says", { timeout: 180_000 }, async () => {
    const result = await engine.analyze({ segments: meeting, language: "it", agenda });
    expect(result.producedBy).toBeUndefined();
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.topics.slice(0, 3).map((t) => [t.name, t.agendaItem])).toEqual([
      [agenda[0], 1],
      [agenda[1], 2],
      [agenda[2], 3],
    ]);
    for (const t of result.topics.slice(3)) expect(t).toMatchObject({ name: OTHER_BUSINESS, agendaItem: null });
    for (const d of [...result.decisions, ...result.actionItems]) expect([1, 2, 3, null]).toContain(d.agendaItem);
  });
});
