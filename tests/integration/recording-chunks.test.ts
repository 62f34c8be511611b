import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, transcriptions, usageMonths, userSubscriptions } from "~/db/schema";
import { recordingName } from "~/lib/dates";
import { MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { action as startAction } from "~/routes/api.recordings";
import { loader as stateLoader } from "~/routes/api.recordings.$id";
import { action as chunkAction } from "~/routes/api.recordings.$id.chunks.$index";
import { action as finalizeAction } from "~/routes/api.recordings.$id.finalize";
import { action as deleteAction } from "~/routes/api.transcription.$id";
import { finalizeAbandonedRecordings } from "~/services/abandoned-recordings.server";
import { chunkFolder, MAX_CHUNK_BYTES } from "~/services/chunked-recording.server";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import finalizeAbandonedTask from "../../worker/tasks/finalize-abandoned-recordings";
import { startSmtpCapture } from "../support/smtp";
import * as storage from "~/services/storage.server";
import { espeakWav } from "../support/audio";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

/**
 * The chunk upload of a recording made in the browser (issue 14, decision 009): order,
 * idempotency, ownership, limits, finalize into one playable file, and the server finalizing a
 * recording abandoned for 6 hours.
 */

const db = useTestDatabase();
let webm: Buffer;

/**
 * A webm/opus stream as MediaRecorder makes it: written to a pipe, so without duration or cues.
 * Cut into pieces, only the first has the header; the sequence is the file.
 */
beforeAll(() => {
  const dir = path.join(db.dataDir, "fixtures");
  const wav = espeakWav(path.join(dir, "parlato.wav"));
  webm = execFileSync(
    "ffmpeg",
    ["-nostdin", "-loglevel", "error", "-stream_loop", "2", "-i", wav, "-t", "12", "-c:a", "libopus", "-b:a", "32k", "-f", "webm", "pipe:1"],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
});

function pieces(data: Buffer, count: number): Buffer[] {
  const size = Math.ceil(data.length / count);
  return Array.from({ length: count }, (_, i) => data.subarray(i * size, Math.min(data.length, (i + 1) * size)));
}

async function call(handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function start(user: TestUser, mimeType = "audio/webm;codecs=opus") {
  return call(startAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType } }));
}

async function put(user: TestUser, id: string, index: number | string, data: Uint8Array<ArrayBuffer> | Buffer, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000/api/recordings/${id}/chunks/${index}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/octet-stream", ...headers },
    body: new Uint8Array(data),
  });
  return call(chunkAction, request, { id, index: String(index) });
}

async function finalize(user: TestUser, id: string) {
  return call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id });
}

const rowOf = async (id: string) => (await getDb().select().from(transcriptions).where(eq(transcriptions.id, id)))[0];
const storedChunks = (id: string) => {
  const dir = storage.storagePath(chunkFolder(id));
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
async function usageOf(userId: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonthOf())));
  return row ?? { recordingsUsed: 0, megabytesUsed: 0 };
}
async function jobsFor(id: string) {
  return getDb().execute<{ task_identifier: string }>(sql`select task_identifier from graphile_worker.jobs where key = ${`transcribe:${id}`}`);
}

describe("chunked recording API", () => {
  it("opens a RECORDING row counted at start, stores chunks in order, finalizes into one file with its duration and queues the job", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const opened = await start(user);
    expect(opened.status).toBe(200);
    const id = opened.body.databaseId as string;
    expect(await rowOf(id)).toMatchObject({ status: "RECORDING", chunksReceived: 0, fileSize: 0 });
    expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 1, megabytesUsed: 0 });

    const parts = pieces(webm, 6);
    for (const [i, part] of parts.entries()) {
      const answer = await put(user, id, i, part, { "X-Recording-Seconds": String(i * 2) });
      expect(answer).toEqual({ status: 200, body: { success: true, received: i + 1, duplicate: false } });
    }
    expect(storedChunks(id)).toHaveLength(6);
    expect(await rowOf(id)).toMatchObject({ status: "RECORDING", chunksReceived: 6, fileSize: webm.length, usageMegabytes: 1 });
    expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 1, megabytesUsed: 1 });
    // No job while recording: nothing can be transcribed before finalize.
    expect(await jobsFor(id)).toHaveLength(0);

    const done = await finalize(user, id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ databaseId: id, alreadyFinalized: false });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "PENDING", stage: "queued", fileName: `audio/${id}.webm` });
    // Named by when it started, in Rome's time (the row's own time is taken a moment later: maybe the next minute).
    const names = [0, 60_000].map((ms) => `${recordingName(new Date(row.createdAt.getTime() - ms), "Europe/Rome")}.webm`);
    expect(names).toContain(row.originalName);
    // The pipe-made stream had no duration; the remuxed file has it (12 s of speech).
    expect(row.duration).toBeGreaterThan(11.5);
    expect(row.duration).toBeLessThan(12.5);
    expect((await storage.stat(row.fileName))?.size).toBe(row.fileSize);
    expect(await jobsFor(id)).toHaveLength(1);
    // The chunks go after the commit, without holding up the answer.
    await vi.waitFor(() => expect(storedChunks(id)).toEqual([]));
    // A client whose answer was lost asks again and gets the same id (then deletes its copy).
    expect((await finalize(user, id)).body).toMatchObject({ databaseId: id, alreadyFinalized: true });
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it("stores a chunk sent twice once, refuses a gap with the expected index, and the state says where to resume", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const id = (await start(user)).body.databaseId as string;
    const parts = pieces(webm, 4);
    expect((await put(user, id, 0, parts[0])).status).toBe(200);
    const again = await put(user, id, 0, parts[0]);
    expect(again).toEqual({ status: 200, body: { success: true, received: 1, duplicate: true } });
    const gap = await put(user, id, 2, parts[2]);
    expect(gap.status).toBe(409);
    expect(gap.body).toMatchObject({ success: false, message: MSG.recordingChunkOutOfOrder, expected: 1 });
    expect(storedChunks(id)).toHaveLength(1);
    expect((await rowOf(id)).fileSize).toBe(parts[0].length);

    const state = await call(stateLoader, apiRequest(`/api/recordings/${id}`, { token: user.token }), { id });
    expect(state.body).toMatchObject({ status: "RECORDING", chunksReceived: 1 });

    // Parallel retries of the same chunk: one is stored, the others see a duplicate.
    const racing = await Promise.all([put(user, id, 1, parts[1]), put(user, id, 1, parts[1]), put(user, id, 1, parts[1])]);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(racing.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    for (let i = 2; i < 4; i++) expect((await put(user, id, i, parts[i])).status).toBe(200);
    expect((await rowOf(id)).fileSize).toBe(webm.length);
    expect((await finalize(user, id)).status).toBe(200);
    // The assembled file is byte for byte the stream in order before the remux: it decodes whole.
    const row = await rowOf(id);
    expect(row.duration).toBeGreaterThan(11.5);
  });

  it("answers 404 for another user's recording and leaves it untouched", async () => {
    const owner = await createTestUser({ plan: "FREE_BASIC" });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    const id = (await start(owner)).body.databaseId as string;
    await put(owner, id, 0, webm.subarray(0, 1000));
    const stolen = await put(other, id, 1, webm.subarray(1000, 2000));
    expect(stolen).toEqual({ status: 404, body: { success: false, message: "Risorsa non trovata." } });
    expect((await finalize(other, id)).status).toBe(404);
    expect((await call(stateLoader, apiRequest(`/api/recordings/${id}`, { token: other.token }), { id })).status).toBe(404);
    expect((await call(deleteAction, apiRequest(`/api/transcription/${id}`, { token: other.token, method: "DELETE" }), { id })).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ status: "RECORDING", chunksReceived: 1 });
    expect((await put(owner, "not-a-uuid", 0, webm.subarray(0, 10))).status).toBe(404);
  });

  it("refuses chunks after finalize (409), oversized chunks (413) and bad indexes (400), in Italian, storing nothing", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const id = (await start(user)).body.databaseId as string;
    const big = await put(user, id, 0, new Uint8Array(MAX_CHUNK_BYTES + 1));
    expect(big).toEqual({ status: 413, body: { success: false, message: MSG.recordingChunkTooLarge } });
    // Streamed without a declared length: cut while reading, same answer.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(MAX_CHUNK_BYTES / 2));
        controller.close();
      },
    });
    const streamed = await call(
      chunkAction,
      new Request(`http://localhost:3000/api/recordings/${id}/chunks/0`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${user.token}` },
        body: stream,
        duplex: "half",
      } as RequestInit),
      { id, index: "0" },
    );
    expect(streamed.status).toBe(413);
    expect((await put(user, id, "-1", webm.subarray(0, 10))).body).toMatchObject({ message: MSG.recordingChunkInvalid });
    expect((await put(user, id, 0, new Uint8Array(0))).status).toBe(400);
    expect(storedChunks(id)).toEqual([]);
    expect((await rowOf(id)).chunksReceived).toBe(0);
    // Nothing arrived: nothing to finalize.
    expect(await finalize(user, id)).toEqual({ status: 400, body: { success: false, message: MSG.recordingEmpty } });

    for (const [i, part] of pieces(webm, 2).entries()) await put(user, id, i, part);
    expect((await finalize(user, id)).status).toBe(200);
    const late = await put(user, id, 2, webm.subarray(0, 100));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: MSG.recordingAlreadySent, finalized: true });
    expect(storedChunks(id)).toEqual([]);
  });

  it("a recording whose first chunk is not audio fails at finalize with an Italian message; other recordings are untouched", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const good = (await start(user)).body.databaseId as string;
    await put(user, good, 0, webm);
    const bad = (await start(user)).body.databaseId as string;
    await put(user, bad, 0, Buffer.from("<html>non sono audio</html>".repeat(50)));
    await put(user, bad, 1, webm.subarray(5000, 9000));
    const refused = await finalize(user, bad);
    expect(refused).toEqual({ status: 400, body: { success: false, message: MSG.recordingNotAudio } });
    expect(await rowOf(bad)).toMatchObject({ status: "FAILED", errorMessage: MSG.recordingNotAudio });
    expect(await jobsFor(bad)).toHaveLength(0);
    // Asked again: the same answer, never a 500.
    expect((await finalize(user, bad)).status).toBe(400);
    expect(await rowOf(good)).toMatchObject({ status: "RECORDING", chunksReceived: 1 });
    expect((await finalize(user, good)).status).toBe(200);
    // Deleting the failed one removes its chunks and gives its usage back.
    expect(storedChunks(bad)).toHaveLength(2);
    expect((await call(deleteAction, apiRequest(`/api/transcription/${bad}`, { token: user.token, method: "DELETE" }), { id: bad })).status).toBe(
      200,
    );
    expect(storedChunks(bad)).toEqual([]);
  });

  it("checks the monthly limits at start and the storage limit as chunks arrive: the recording stops, what arrived is kept and can be sent", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    // One recording left this month, and 1 MB of storage.
    await getDb()
      .insert(usageMonths)
      .values({ userId: user.id, month: usageMonthOf(), recordingsUsed: plan.maxRecordingsPerMonth - 1, megabytesUsed: plan.maxMBStorage - 1 });
    const id = (await start(user)).body.databaseId as string;
    const refusedStart = await start(user);
    expect(refusedStart.status).toBe(403);
    expect(refusedStart.body).toMatchObject({ message: MSG.limitReached, limitReached: true });

    const mb = 1024 * 1024;
    expect((await put(user, id, 0, new Uint8Array(mb - 10).fill(1))).status).toBe(200);
    const full = await put(user, id, 1, new Uint8Array(100).fill(1));
    expect(full.status).toBe(403);
    expect(full.body).toMatchObject({ message: MSG.recordingStorageFull, storageFull: true });
    expect(await rowOf(id)).toMatchObject({ status: "RECORDING", chunksReceived: 1, fileSize: mb - 10 });
    expect(storedChunks(id)).toHaveLength(1);
    expect(await usageOf(user.id)).toMatchObject({ megabytesUsed: plan.maxMBStorage });
  });

  it("stops at the plan's maximum file size, and refuses a plan that ended meanwhile", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const id = (await start(user)).body.databaseId as string;
    await getDb().update(subscriptionTypes).set({ maxFileSizeMB: 1 }).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    try {
      expect((await put(user, id, 0, new Uint8Array(1024 * 1024))).status).toBe(200);
      const over = await put(user, id, 1, new Uint8Array(10));
      expect(over.body).toMatchObject({ message: MSG.recordingMaxSize, storageFull: true });
    } finally {
      await getDb().update(subscriptionTypes).set({ maxFileSizeMB: 50 }).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    }
    await getDb().update(userSubscriptions).set({ isActive: false }).where(eq(userSubscriptions.userId, user.id));
    const ended = await put(user, id, 1, new Uint8Array(10));
    expect(ended.body).toMatchObject({ message: MSG.noActiveSubscription, requiresSubscription: true });
  });

  it("finalizes a recording untouched for 6 hours by itself and removes an empty one with its usage", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const stale = (await start(user)).body.databaseId as string;
    for (const [i, part] of pieces(webm, 3).entries()) await put(user, stale, i, part);
    const empty = (await start(user)).body.databaseId as string;
    const fresh = (await start(user)).body.databaseId as string;
    await put(user, fresh, 0, webm);
    const old = new Date(Date.now() - 6 * 3600 * 1000 - 60_000);
    await getDb()
      .update(transcriptions)
      .set({ lastChunkAt: old })
      .where(sql`${transcriptions.id} in (${stale}, ${empty})`);

    const smtp = await startSmtpCapture();
    setConfigForTests({ SMTP_URL: smtp.url });
    try {
      // The crontab task, as the worker runs it.
      await finalizeAbandonedTask({}, { logger: { info: () => {}, error: () => {} } } as never);
      const mail = await smtp.waitForMessage(user.email);
      expect(mail.subject).toBe("La tua registrazione interrotta è stata inviata");
      expect(mail.text).toContain(`/transcription/${stale}`);
      expect(smtp.messagesTo(user.email)).toHaveLength(1);
    } finally {
      closeMailTransport();
      setConfigForTests({ SMTP_URL: undefined });
      await smtp.stop();
    }
    // Run again: nothing left to do, no second e-mail, no second job.
    expect(await finalizeAbandonedRecordings()).toEqual([]);
    expect(await rowOf(stale)).toMatchObject({ status: "PENDING" });
    expect(await jobsFor(stale)).toHaveLength(1);
    expect(await rowOf(empty)).toBeUndefined();
    expect(await rowOf(fresh)).toMatchObject({ status: "RECORDING" });
    expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 2 });
  });
});
