import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { minutesParts, transcriptions } from "~/db/schema";
import type { LiveState } from "~/lib/live-transcript";
import { loader as liveLoader } from "~/routes/api.recordings.$id.live";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { enqueueLiveParts } from "../../worker/tasks/llm-live-parts";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { buildSyntheticGguf } from "../support/synthetic-gguf";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";
import { seedCompletedTranscription } from "../support/transcriptions";

/**
 * Issue 35: while a meeting is recorded, the complete parts of its live transcript get the local
 * LLM's map step in the worker's LLM lane (tiny synthetic GGUF), kept in minutes_parts and shown
 * as «Verbale in corso» by GET /api/recordings/:id/live; LLM_LIVE_PARTS=off turns it off.
 */

useTestDatabase({ ANALYSIS_ENGINE: "local", LLM_MODEL: buildSyntheticGguf({ shape: "tiny" }), LLM_THREADS: 1, LLM_LIVE_PARTS: "on" });
let worker: WorkerHandle;
let owner: TestUser;

beforeAll(async () => {
  worker = await startWorker({ connectionString: getConfig().DATABASE_URL!, pollInterval: 200 });
  owner = await createTestUser({ plan: "PREMIUM_MONTHLY" });
});
afterAll(async () => {
  await worker?.stop();
});

/** A recording in progress whose live transcript has final words well past one part (~1,500 tokens). */
async function recording(): Promise<string> {
  const t = await seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), owner.id, {
    status: "PROCESSING",
    withAnalysis: false,
  });
  const segments = Array.from({ length: 48 }, (_, i) => ({
    start: i * 20,
    end: i * 20 + 18,
    text: `Intervento ${i + 1}: sul punto ${Math.floor(i / 12) + 1} dell'ordine del giorno si discute del preventivo e di chi lo manderà.`,
  }));
  const live: LiveState = {
    version: 1,
    engine: "whisper",
    model: "tiny",
    committedUntil: 960,
    processedUntil: 960,
    segments,
    draft: [],
    language: "it",
    windows: 40,
  };
  await getDb().update(transcriptions).set({ status: "RECORDING", live }).where(eq(transcriptions.id, t.id));
  return t.id;
}

const jobs = async (task: string) =>
  (await getDb().execute(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`))[0] as { n: number };

describe("minutes written while the meeting runs (LLM lane)", () => {
  it(
    "a live window's new words queue the parts' map step; the complete parts are kept and shown as «Verbale in corso»",
    { timeout: 240_000 },
    async () => {
      const id = await recording();
      await enqueueLiveParts(id);
      await expect
        .poll(async () => (await getDb().select().from(minutesParts).where(eq(minutesParts.transcriptionId, id))).length, {
          timeout: 200_000,
          interval: 500,
        })
        .toBeGreaterThan(0);
      await expect.poll(() => jobs("llm_live_parts"), { timeout: 60_000 }).toMatchObject({ n: 0 });
      const rows = await getDb().select().from(minutesParts).where(eq(minutesParts.transcriptionId, id));
      expect(rows.map((r) => r.position).sort()).toEqual(rows.map((_, i) => i));
      expect(rows.every((r) => r.model === path.basename(getConfig().LLM_MODEL!).replace(/\.gguf$/, "") && /^[0-9a-f]{64}$/.test(r.wordsHash))).toBe(
        true,
      );
      const response = await liveLoader({
        request: apiRequest(`/api/recordings/${id}/live`, { token: owner.token }),
        params: { id },
        context: {},
      } as never);
      const body = await (response as Response).json();
      expect(body.minutesSoFar.length).toBeGreaterThan(0);
    },
  );

  it("with LLM_LIVE_PARTS=off, or another engine, nothing is queued", async () => {
    const id = await recording();
    setConfigForTests({ LLM_LIVE_PARTS: "off" });
    try {
      await enqueueLiveParts(id);
      setConfigForTests({ LLM_LIVE_PARTS: "on", ANALYSIS_ENGINE: "extractive" });
      await enqueueLiveParts(id);
      expect(await jobs("llm_live_parts")).toMatchObject({ n: 0 });
    } finally {
      setConfigForTests({ LLM_LIVE_PARTS: "on", ANALYSIS_ENGINE: "local" });
    }
  });
});
