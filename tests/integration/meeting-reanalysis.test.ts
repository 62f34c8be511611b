import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { analyses, transcriptionSegments } from "~/db/schema";
import { action as transcriptionAction } from "~/routes/api.transcription.$id";
import { getConfig } from "~/services/config.server";
import { setEnginesForTests } from "../../worker/engines/index";
import type { AnalysisEngine, AnalysisInput } from "../../worker/engines/types";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";
import { waitFor } from "../support/pipeline";
import { seedCompletedTranscription } from "../support/transcriptions";

/** Issue 31: a new agenda re-makes the minutes through the real worker, and the engine is given it. */

const db = useTestDatabase();
const seen: AnalysisInput[] = [];
/** Records what it is asked and answers one topic per agenda item, as the aligned engines will. */
const engine: AnalysisEngine = {
  name: "registro",
  model: "prova",
  analyze: async (input) => {
    seen.push(input);
    const agenda = input.agenda ?? ["Argomento unico"];
    return {
      title: "Verbale rifatto",
      summary: "Riassunto rifatto.",
      topics: agenda.map((name, i) => ({ name, keyPoints: [`Discusso il punto ${i + 1}`], agendaItem: input.agenda ? i + 1 : null })),
      decisions: [],
      actionItems: [],
    };
  },
};
let worker: WorkerHandle;
beforeAll(async () => {
  setEnginesForTests({ analysis: engine });
  worker = await startWorker({ connectionString: db.url, pollInterval: 200 });
});
afterAll(async () => {
  setEnginesForTests(undefined);
  await worker?.stop();
});

const patch = async (user: TestUser, id: string, body: unknown) => {
  const response = await transcriptionAction({
    request: apiRequest(`/api/transcription/${id}`, { token: user.token, method: "PATCH", body }),
    params: { id },
    context: {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("re-analysis for a new agenda", () => {
  it("hands the agenda to the engine and replaces the hand-corrected minutes when asked to", async () => {
    const user = await createTestUser();
    const t = await seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), user.id);
    expect((await patch(user, t.id, { title: "Corretto a mano" })).status).toBe(200);
    await getDb()
      .update(transcriptionSegments)
      .set({ speaker: "Relatore 1" })
      .where(and(eq(transcriptionSegments.transcriptionId, t.id), eq(transcriptionSegments.position, 0)));

    const saved = await patch(user, t.id, { meeting: { agenda: ["Bilancio", "Sito web"] }, replaceEditedMinutes: true });
    expect(saved.body).toMatchObject({ reanalysis: true });
    expect((await waitFor(t.id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");

    expect(seen.at(-1)?.agenda).toEqual(["Bilancio", "Sito web"]);
    // The engine reads who spoke (issue 33): the segments' speakers reach the minutes.
    expect(seen.at(-1)?.segments.map((s) => s.speaker)).toEqual(t.segments.map((_, i) => (i === 0 ? "Relatore 1" : null)));
    const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, t.id));
    expect(analysis).toMatchObject({ status: "COMPLETED", title: "Verbale rifatto", original: null });
    expect(analysis.topics.map((topic) => [topic.name, topic.agendaItem])).toEqual([
      ["Bilancio", 1],
      ["Sito web", 2],
    ]);

    // Without an agenda any more, the engine gets none (behaviour as before issue 31).
    await patch(user, t.id, { meeting: { place: "Milano" } });
    expect((await waitFor(t.id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    expect(seen.at(-1)).not.toHaveProperty("agenda");
  });
});
