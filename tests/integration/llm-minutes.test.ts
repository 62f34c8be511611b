import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { analyses, transcriptions } from "~/db/schema";
import { LLM_TEXT } from "~/lib/llm-messages";
import { getConfig } from "~/services/config.server";
import { readLlmStatus } from "~/services/llm-status.server";
import { enqueueLlmRewrite } from "~/services/pipeline.server";
import { saveSpeed } from "../../worker/engines/llm/speed";
import { buildSyntheticGguf } from "../support/synthetic-gguf";
import { createTestUser, useTestDatabase, type TestUser } from "../support/db";
import { useRunningApp } from "../support/running-app";
import { seedCompletedTranscription } from "../support/transcriptions";

/**
 * Issue 35 through the real HTTP server (the compiled app, its worker and the LLM's own lane) on
 * the tiny synthetic GGUF: a model download that holds still does not hold the minutes; the result
 * page says why the extractive analyzer wrote them and offers «Rigenera» once the model is there;
 * a machine too slow for the meeting gets the extractive minutes first and the LLM's after; when
 * the person corrected the minutes meanwhile, the page offers the choice.
 */

const modelBytes = fs.readFileSync(buildSyntheticGguf({ shape: "tiny" }));
let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
const mirror = http.createServer((req, res) => {
  if (req.url !== "/synthetic-tiny.gguf") return void res.writeHead(404).end();
  res.writeHead(200, { "Content-Length": modelBytes.length, "Content-Type": "application/octet-stream" });
  // The first 64 KB, then nothing until the test lets the rest go.
  res.write(modelBytes.subarray(0, 64 * 1024));
  void released.then(() => res.end(modelBytes.subarray(64 * 1024)));
});
await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
const mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}`;

useTestDatabase({ ANALYSIS_ENGINE: "local", LLM_MODEL: "synthetic-tiny", LLM_MODEL_URL: mirrorUrl, LLM_THREADS: 1 });
const server = useRunningApp();
let owner: TestUser;

beforeAll(async () => {
  owner = await createTestUser({ plan: "PREMIUM_MONTHLY" });
});
afterAll(async () => {
  release();
  mirror.closeAllConnections();
  await new Promise((resolve) => mirror.close(resolve));
});

const seed = (options = {}) => seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), owner.id, options);
const analysisOf = async (id: string) => (await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id)))[0];

async function page(id: string): Promise<string> {
  const response = await fetch(`${server.url}/transcription/${id}`, { headers: { Cookie: `verbale_session=${owner.token}` } });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
}

async function postForm(id: string, intent: string): Promise<Response> {
  return fetch(`${server.url}/transcription/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: `verbale_session=${owner.token}`, Origin: getConfig().APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
  });
}

async function reanalyze(id: string): Promise<void> {
  const response = await fetch(`${server.url}/api/analyze/${id}`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}` } });
  expect(response.status).toBe(202);
}

async function completed(id: string, timeout = 60_000) {
  await expect
    .poll(async () => (await getDb().select({ status: transcriptions.status }).from(transcriptions).where(eq(transcriptions.id, id)))[0]?.status, {
      timeout,
      interval: 200,
    })
    .toBe("COMPLETED");
  return analysisOf(id);
}

describe("the local LLM never makes anyone wait (issue 35)", () => {
  it(
    "while the model downloads, the extractive analyzer writes the minutes at once; the page says so and offers «Rigenera» once the model is there",
    { timeout: 180_000 },
    async () => {
      const t = await seed();
      const started = Date.now();
      await reanalyze(t.id);
      const first = await completed(t.id);
      const seconds = (Date.now() - started) / 1000;
      expect(seconds).toBeLessThan(20);
      expect(first).toMatchObject({ engine: "local", model: "textrank-it-1", standIn: "downloading" });
      expect(readLlmStatus(getConfig().DATA_DIR)).toMatchObject({ model: "synthetic-tiny", state: "downloading" });
      let html = await page(t.id);
      expect(html).toContain(LLM_TEXT.standIn.downloading);
      expect(html).not.toContain(LLM_TEXT.regenerate);

      release();
      await expect.poll(() => readLlmStatus(getConfig().DATA_DIR)?.state, { timeout: 60_000 }).toBe("ready");
      html = await page(t.id);
      expect(html).toContain(LLM_TEXT.standIn.downloading);
      expect(html).toContain(LLM_TEXT.regenerate);
      // A stranger's «Rigenera» is a 404 and changes nothing.
      const stranger = await createTestUser({ plan: "FREE_BASIC" });
      const refused = await fetch(`${server.url}/transcription/${t.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: `verbale_session=${stranger.token}`, Origin: getConfig().APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "llm-regenerate" }),
      });
      expect(refused.status).toBe(404);
      expect((await analysisOf(t.id)).standIn).toBe("downloading");

      const regenerate = await postForm(t.id, "llm-regenerate");
      expect(regenerate.status).toBe(302);
      const second = await completed(t.id, 120_000);
      expect(second).toMatchObject({ engine: "llm", model: "synthetic-tiny", standIn: null });
      html = await page(t.id);
      expect(html).not.toContain("Verbale redatto dall'analizzatore estrattivo");
      // The worker measured the model's speed once it was there (admin overview).
      await expect.poll(() => readLlmStatus(getConfig().DATA_DIR)?.speed?.readPerSecond, { timeout: 60_000 }).toBeGreaterThan(0);
      // «Motore del verbale» on the admin overview: the engine, the model downloaded, its speed and the 60-minute estimate.
      const admin = await createTestUser({ role: "ADMIN" });
      const overview = await fetch(`${server.url}/dashboard`, { headers: { Cookie: `verbale_session=${admin.token}` } });
      expect(overview.status).toBe(200);
      const text = (await overview.text()).replaceAll("&#x27;", "'");
      expect(text).toContain(LLM_TEXT.engineSection);
      expect(text).toContain("modello linguistico locale");
      expect(text).toMatch(/scaricato/);
      expect(text).toMatch(/lettura \d+ token\/s · scrittura [\d,]+ token\/s \(1 thread\)/);
      expect(text).toMatch(/verbale in circa \d+ (secondi|minuti)/);
    },
  );

  it("on a machine too slow for the meeting: extractive minutes at once ('slow'), then the LLM's replace them", { timeout: 180_000 }, async () => {
    const dataDir = getConfig().DATA_DIR;
    await expect.poll(() => readLlmStatus(dataDir)?.speed, { timeout: 60_000 }).toBeTruthy();
    const modelFile = path.join(dataDir, "models", "synthetic-tiny.gguf");
    saveSpeed(dataDir, modelFile, 1, {
      readPerSecond: 4,
      writePerSecond: 1,
      charsPerToken: 4,
      threads: 1,
      cpu: "lenta",
      measuredAt: new Date().toISOString(),
    });
    const t = await seed();
    await reanalyze(t.id);
    const first = await completed(t.id);
    expect(first).toMatchObject({ engine: "local", standIn: "slow" });
    expect(await page(t.id)).toContain(LLM_TEXT.standIn.slow);
    await expect.poll(async () => (await analysisOf(t.id)).engine, { timeout: 120_000, interval: 500 }).toBe("llm");
    expect(await analysisOf(t.id)).toMatchObject({ standIn: null, llmVersion: null, original: null, status: "COMPLETED" });
    expect(await page(t.id)).not.toContain("Verbale redatto dall'analizzatore estrattivo");
  });

  it(
    "when the person corrected the minutes meanwhile, the LLM's version waits aside and the page offers the choice",
    { timeout: 180_000 },
    async () => {
      const keepIt = await seed({ engine: "local" });
      const useIt = await seed({ engine: "local" });
      for (const t of [keepIt, useIt]) {
        await getDb()
          .update(analyses)
          .set({
            standIn: "slow",
            title: "Titolo corretto a mano",
            original: { title: t.title, summary: t.summary, topics: [], decisions: [], actionItems: [] },
          })
          .where(eq(analyses.transcriptionId, t.id));
        await getDb().transaction((tx) => enqueueLlmRewrite(tx, t.id));
      }
      for (const t of [keepIt, useIt])
        await expect.poll(async () => (await analysisOf(t.id)).llmVersion, { timeout: 120_000, interval: 500 }).toBeTruthy();
      const waiting = await analysisOf(useIt.id);
      // The corrected minutes stay as they are.
      expect(waiting).toMatchObject({
        title: "Titolo corretto a mano",
        engine: "local",
        standIn: "slow",
        llmVersion: { engine: "llm", model: "synthetic-tiny" },
      });
      const html = await page(useIt.id);
      expect(html).toContain(LLM_TEXT.versionReady);
      expect(html).toContain(LLM_TEXT.useVersion);

      expect((await postForm(keepIt.id, "llm-version-keep")).status).toBe(302);
      expect(await analysisOf(keepIt.id)).toMatchObject({ title: "Titolo corretto a mano", llmVersion: null });
      expect(await page(keepIt.id)).not.toContain(LLM_TEXT.versionReady);
      // Nothing left to choose: refused, nothing changed.
      expect((await postForm(keepIt.id, "llm-version-use")).status).toBe(409);
      expect(await analysisOf(keepIt.id)).toMatchObject({ title: "Titolo corretto a mano", engine: "local" });

      expect((await postForm(useIt.id, "llm-version-use")).status).toBe(302);
      const chosen = await analysisOf(useIt.id);
      expect(chosen).toMatchObject({
        engine: "llm",
        title: waiting.llmVersion!.title,
        topics: waiting.llmVersion!.topics,
        llmVersion: null,
        standIn: null,
        original: null,
      });
      const [row] = await getDb().select({ title: transcriptions.title }).from(transcriptions).where(eq(transcriptions.id, useIt.id));
      expect(row.title).toBe(waiting.llmVersion!.title);
      expect(
        (await getDb().execute(sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'llm_rewrite'`))[0],
      ).toMatchObject({ n: 0 });
    },
  );
});
