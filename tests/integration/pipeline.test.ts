import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { analyses, transcriptionSegments } from "~/db/schema";
import { analysisResultSchema } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { action as analyzeAction } from "~/routes/api.analyze.$id";
import { madeByText } from "~/lib/topics";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";
import { saveVocabulary } from "~/services/vocabulary.server";
import { retryTranscription } from "~/services/pipeline.server";
import { setEnginesForTests } from "../../worker/engines/index";
import { OpenAISpeechEngine } from "../../worker/engines/openai-speech";
import { createTestUser } from "../support/db";
import { progressOf, tempLeft, uploadAudio, usePipeline, waitFor } from "../support/pipeline";

/** An upload through the real worker to COMPLETED or FAILED, with the OpenAI engines against the test double. */

const pipe = usePipeline();

describe("pipeline", () => {
  it("takes an upload to COMPLETED: text, segments, analysis, engines recorded, progress 100, temp files gone", async () => {
    const id = await uploadAudio(pipe.audio, pipe.user);
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    expect(done.status).toBe("COMPLETED");
    expect(done).toMatchObject({
      stage: "completed",
      progress: 100,
      speechEngine: "openai",
      speechModel: "whisper-1",
      language: "it",
      checkpoint: null,
      errorMessage: null,
    });
    expect(done.duration).toBeCloseTo(10, 0);
    expect(done.text).toMatch(/^Buongiorno a tutti e grazie per essere qui\. Oggi parliamo del bilancio/);
    // The double's title (its own "model"), not the fallback.
    expect(done.title).toMatch(/^Riunione: Buongiorno a tutti/);
    expect(done.completedAt).toBeInstanceOf(Date);
    const segments = await getDb()
      .select()
      .from(transcriptionSegments)
      .where(eq(transcriptionSegments.transcriptionId, id))
      .orderBy(asc(transcriptionSegments.position));
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id));
    expect(analysis).toMatchObject({ status: "COMPLETED", engine: "openai", model: "gpt-4o-mini", title: done.title });
    expect(analysisResultSchema.safeParse({ title: analysis.title, summary: analysis.summary, topics: analysis.topics }).success).toBe(true);
    expect(tempLeft(pipe.db)).toEqual([]);

    // Progress: the owner sees it, another user gets 404.
    const response = await progressOf(id, pipe.user.token);
    expect(await response.json()).toEqual({ success: true, status: "COMPLETED", stage: "completed", progress: 100, errorMessage: null });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    expect((await progressOf(id, other.token)).status).toBe(404);
    expect((await progressOf("non-un-id", pipe.user.token)).status).toBe(404);
  });

  it("with ANALYSIS_ENGINE=local and no LLM model that can be fetched, the extractive analyzer makes the minutes and the result says so", async () => {
    const before = getConfig();
    setConfigForTests({ ANALYSIS_ENGINE: "local", LLM_MODEL: undefined, LLM_MODEL_URL: "http://127.0.0.1:9/models" });
    try {
      const id = await uploadAudio(pipe.audio, pipe.user);
      const done = await waitFor(id, ["COMPLETED", "FAILED"]);
      expect(done.status).toBe("COMPLETED");
      const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, id));
      expect(analysis).toMatchObject({ status: "COMPLETED", engine: "local", model: "textrank-it-1" });
      expect(Array.isArray(analysis.decisions) && Array.isArray(analysis.actionItems)).toBe(true);
      expect(fs.existsSync(path.join(before.DATA_DIR, "models", "qwen2.5-1.5b-instruct-q4_k_m.gguf"))).toBe(false);
      const detail = await getTranscriptionDetail(id, { userId: pipe.user.id });
      expect(detail.analysis).toMatchObject({
        engine: "local",
        model: "textrank-it-1",
        decisions: analysis.decisions,
        actionItems: analysis.actionItems,
      });
      expect(madeByText(detail.analysis!.engine, detail.analysis!.model)).toBe("Verbale redatto da: analizzatore estrattivo locale (textrank-it-1).");
    } finally {
      setConfigForTests({ ANALYSIS_ENGINE: before.ANALYSIS_ENGINE, LLM_MODEL_URL: before.LLM_MODEL_URL });
    }
  });

  it("passes the owner's vocabulary to the speech engine as its prompt, and keeps diarized speakers as 'Relatore 1, 2…'", async () => {
    const speaker = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    await saveVocabulary(speaker.id, "Bianchi\nCondominio Aurora\nBianchi");
    setEnginesForTests({
      speech: new OpenAISpeechEngine({ apiKey: pipe.double.apiKey, baseURL: pipe.double.baseURL, model: "gpt-4o-transcribe-diarize", maxRetries: 0 }),
    });
    pipe.double.requests.length = 0;
    const id = await uploadAudio(pipe.audio, speaker);
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    const sent = pipe.double.requests.find((r) => r.path === "/v1/audio/transcriptions")!;
    expect(sent.fields.prompt).toBe("Glossario della riunione: Bianchi, Condominio Aurora.");
    const segments = await getDb()
      .select()
      .from(transcriptionSegments)
      .where(eq(transcriptionSegments.transcriptionId, id))
      .orderBy(asc(transcriptionSegments.position));
    expect(segments.map((s) => s.speaker)).toEqual(["Relatore 1", "Relatore 2", "Relatore 1"]);

    // Without a vocabulary no prompt is sent.
    pipe.double.requests.length = 0;
    const plain = await uploadAudio(pipe.audio, pipe.user);
    await waitFor(plain, ["COMPLETED", "FAILED"]);
    expect(pipe.double.requests.find((r) => r.path === "/v1/audio/transcriptions")!.fields.prompt).toBeUndefined();
  });

  it("streams progress as server-sent events until COMPLETED", async () => {
    pipe.double.setLatency(600);
    try {
      const id = await uploadAudio(pipe.audio, pipe.user);
      const response = await progressOf(id, pipe.user.token, "text/event-stream");
      expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      const text = await new Response(response.body).text();
      const events = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1]) as { status: string; progress: number; stage: string });
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events.at(-1)).toMatchObject({ status: "COMPLETED", progress: 100 });
      const progresses = events.map((e) => e.progress);
      expect([...progresses].sort((a, b) => a - b)).toEqual(progresses);
      expect(events.some((e) => e.status === "PROCESSING")).toBe(true);
    } finally {
      pipe.double.setLatency(0);
    }
  });

  it("retries a failing service with backoff, then FAILED with the technical reason and a plain Italian message", async () => {
    // No SDK retries here, so each job attempt is one request.
    setEnginesForTests({
      speech: new OpenAISpeechEngine({ apiKey: pipe.double.apiKey, baseURL: pipe.double.baseURL, model: "whisper-1", maxRetries: 0 }),
    });
    pipe.double.failAlways("transcriptions", { status: 503 });
    const before = pipe.double.requests.length;
    const id = await uploadAudio(pipe.audio, pipe.user);
    const failed = await waitFor(id, ["FAILED", "COMPLETED"], 40_000);
    expect(failed.status).toBe("FAILED");
    expect(failed.errorMessage).toBe(PIPELINE_ERRORS.serviceDown);
    expect(failed.failureReason).toMatch(/503/);
    expect(pipe.double.requests.length - before).toBe(3);
    expect(failed.attempts).toBe(3);
    expect(tempLeft(pipe.db)).toEqual([]);
    // The job is gone: nothing left to retry on its own.
    // (graphile-worker may still be finishing the last attempt when the row already says FAILED.)
    await expect.poll(() => getDb().execute(sql`select id from graphile_worker.jobs where key = ${`transcribe:${id}`}`)).toHaveLength(0);

    // The admin retry queues it again and it completes once the service is back.
    pipe.double.failAlways("transcriptions", undefined);
    setEnginesForTests(undefined);
    await expect(retryTranscription(id)).resolves.toEqual({ id, job: "transcribe" });
    await expect(retryTranscription(id)).rejects.toMatchObject({ status: 409 });
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
  }, 60_000);

  it("fails at once, without retries, when retrying cannot help (wrong API key)", async () => {
    setEnginesForTests({
      speech: new OpenAISpeechEngine({ apiKey: "sk-sbagliata", baseURL: pipe.double.baseURL, model: "whisper-1", maxRetries: 0 }),
    });
    const id = await uploadAudio(pipe.audio, pipe.user);
    const failed = await waitFor(id, ["FAILED", "COMPLETED"]);
    expect(failed).toMatchObject({ status: "FAILED", errorMessage: PIPELINE_ERRORS.serviceAuth, attempts: 1 });
    expect(failed.failureReason).toMatch(/401/);
  });

  it("re-runs the analysis of a completed transcription on POST /api/analyze/:id (owner only)", async () => {
    const id = await uploadAudio(pipe.audio, pipe.user);
    await waitFor(id, ["COMPLETED"]);
    const chatsBefore = pipe.double.requests.filter((r) => r.path.endsWith("/chat/completions")).length;
    const call = (token: string, target = id) =>
      analyzeAction({
        request: new Request(`http://localhost:3000/api/analyze/${target}`, { method: "POST", headers: { Authorization: `Bearer ${token}` } }),
        params: { id: target },
        context: {},
      });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    expect((await call(other.token)).status).toBe(404);
    const response = await call(pipe.user.token);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, status: "PENDING" });
    // Another analysis request while one is queued or running is refused: it is not COMPLETED.
    expect((await call(pipe.user.token)).status).toBe(409);
    expect((await waitFor(id, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");
    expect(pipe.double.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBe(chatsBefore + 1);
  });
});
