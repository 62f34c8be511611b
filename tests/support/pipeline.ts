import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { action as uploadAction } from "~/routes/api.transcription";
import { loader as progressLoader } from "~/routes/api.transcription.$id.progress";
import { setConfigForTests } from "~/services/config.server";
import { setEnginesForTests } from "../../worker/engines/index";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { speechFile } from "./audio";
import { createTestUser, useTestDatabase, type TestDatabase, type TestUser } from "./db";
import { startOpenAIDouble, type OpenAIDouble } from "./openai-double";

/**
 * The pipeline tests' common ground: a test database, the real worker in this process, the real
 * ffmpeg, the OpenAI engines against the test double, a user and ten seconds of speech.
 */
export type PipelineFixture = { db: TestDatabase; double: OpenAIDouble; worker: WorkerHandle; user: TestUser; audio: string };

export function usePipeline(): PipelineFixture {
  const pipe = { db: useTestDatabase() } as PipelineFixture;
  beforeAll(async () => {
    pipe.double = await startOpenAIDouble();
    setConfigForTests({
      TRANSCRIPTION_ENGINE: "openai",
      ANALYSIS_ENGINE: "openai",
      OPENAI_API_KEY: pipe.double.apiKey,
      OPENAI_BASE_URL: pipe.double.baseURL,
      DIARIZATION: "off",
    });
    pipe.worker = await startWorker({ connectionString: pipe.db.url, pollInterval: 200 });
    pipe.user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    pipe.audio = speechFile(path.join(pipe.db.dataDir, "fixtures", "riunione.ogg"), 10, undefined, ["-c:a", "libopus"]);
  });
  afterAll(async () => {
    setEnginesForTests(undefined);
    await pipe.worker?.stop();
    await pipe.double?.close();
  });
  afterEach(() => {
    setEnginesForTests(undefined);
    pipe.double.failAlways("transcriptions", undefined);
    pipe.double.failAlways("chat", undefined);
  });
  return pipe;
}

/** POST /api/transcription with a file, as the owner's client would; the new id. */
export async function uploadAudio(file: string, owner: TestUser): Promise<string> {
  const data = new FormData();
  data.append("audio", new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await uploadAction({
    request: new Request("http://localhost:3000/api/transcription", {
      method: "POST",
      headers: { Authorization: `Bearer ${owner.token}` },
      body: data,
    }),
    params: {},
    context: {},
  });
  const body = (await response.json()) as { databaseId: string };
  expect(response.status).toBe(200);
  return body.databaseId;
}

export async function row(id: string) {
  const [r] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, id));
  return r;
}

export async function waitFor(id: string, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await row(id);
    if (statuses.includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`timeout waiting for ${statuses.join("/")}: ${r.status} ${r.stage} ${r.progress} ${r.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the pipeline left in the data folder's tmp/ (nothing, once a job is over). */
export const tempLeft = (db: TestDatabase) => (fs.existsSync(path.join(db.dataDir, "tmp")) ? fs.readdirSync(path.join(db.dataDir, "tmp")) : []);

export async function progressOf(id: string, token: string, accept?: string) {
  return progressLoader({
    request: new Request(`http://localhost:3000/api/transcription/${id}/progress`, {
      headers: { Authorization: `Bearer ${token}`, ...(accept ? { Accept: accept } : {}) },
    }),
    params: { id },
    context: {},
  });
}
