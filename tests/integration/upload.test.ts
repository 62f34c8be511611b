import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, transcriptions, usageMonths } from "~/db/schema";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { action as uploadAction } from "~/routes/api.transcription";
import * as storage from "~/services/storage.server";
import { speechFile, toneFile, videoWithAudio } from "../support/audio";
import { createTestUser, useTestDatabase, type TestUser } from "../support/db";

const db = useTestDatabase();
let fixtures: string;

beforeAll(() => {
  fixtures = path.join(db.dataDir, "fixtures");
  fs.mkdirSync(fixtures, { recursive: true });
});

function form(file: string, name = path.basename(file), type = "application/octet-stream"): FormData {
  const data = new FormData();
  data.append("audio", new Blob([fs.readFileSync(file)], { type }), name);
  return data;
}

async function upload(user: Pick<TestUser, "token"> | undefined, body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers: { ...headers }, body };
  if (user) (init.headers as Record<string, string>).Authorization = `Bearer ${user.token}`;
  if (body instanceof ReadableStream) init.duplex = "half";
  const response = await uploadAction({ request: new Request("http://localhost:3000/api/transcription", init), params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const rowsOf = (userId: string) => getDb().select().from(transcriptions).where(eq(transcriptions.userId, userId));
const storedAudio = () => (fs.existsSync(path.join(db.dataDir, "storage", "audio")) ? fs.readdirSync(path.join(db.dataDir, "storage", "audio")) : []);
const tempLeft = () => (fs.existsSync(path.join(db.dataDir, "tmp")) ? fs.readdirSync(path.join(db.dataDir, "tmp")) : []);
async function usageOf(userId: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonthOf())));
  return row ?? { recordingsUsed: 0, megabytesUsed: 0 };
}
async function jobsFor(id: string) {
  return getDb().execute<{ task_identifier: string; key: string; max_attempts: number }>(
    sql`select task_identifier, key, max_attempts from graphile_worker.jobs where key = ${`transcribe:${id}`}`,
  );
}

afterEach(() => {
  // Every path, accepted or refused, leaves no temporary upload behind.
  expect(tempLeft()).toEqual([]);
});

describe("POST /api/transcription", () => {
  it("stores a real recording, inserts a PENDING row, counts the usage and queues the job", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const file = speechFile(path.join(fixtures, "riunione.webm"), 3, undefined, ["-c:a", "libopus"]);
    const { status, body } = await upload(user, form(file, "registrazione-2025.webm", "audio/webm"));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, databaseId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const id = body.databaseId as string;
    const [row] = await rowsOf(user.id);
    const size = fs.statSync(file).size;
    expect(row).toMatchObject({
      id,
      status: "PENDING",
      stage: "queued",
      originalName: "registrazione-2025.webm",
      mimeType: "audio/webm",
      fileSize: size,
      fileName: `audio/${id}.webm`,
    });
    expect(row.usageMonth).toBe(usageMonthOf());
    expect(row.usageMegabytes).toBe(Math.ceil(size / (1024 * 1024)));
    expect((await storage.stat(row.fileName))?.size).toBe(size);
    expect(fs.readFileSync(storage.storagePath(row.fileName)).equals(fs.readFileSync(file))).toBe(true);
    expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 1, megabytesUsed: 1 });
    const jobs = await jobsFor(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ task_identifier: "transcribe", max_attempts: 3 });
  });

  it("accepts every supported format by content and stores it with the right extension", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const cases: [string, string[], string][] = [
      ["a.ogg", ["-c:a", "libopus"], "ogg"],
      ["a.mp3", [], "mp3"],
      ["a.m4a", ["-c:a", "aac"], "m4a"],
      ["a.wav", [], "wav"],
      ["a.flac", [], "flac"],
    ];
    for (const [name, args, ext] of cases) {
      const { status, body } = await upload(user, form(toneFile(path.join(fixtures, name), 1, args)));
      expect(status, name).toBe(200);
      const [row] = await getDb()
        .select()
        .from(transcriptions)
        .where(eq(transcriptions.id, body.databaseId as string));
      expect(row.fileName).toBe(`audio/${row.id}.${ext}`);
    }
    // A video's audio track is accepted too; a misleading name does not matter.
    const video = await upload(user, form(videoWithAudio(path.join(fixtures, "video.mp4")), "riunione.mp4"));
    expect(video.status).toBe(200);
    const renamed = await upload(user, form(toneFile(path.join(fixtures, "vero.mp3"), 1), "nota.txt"));
    expect(renamed.status).toBe(200);
  });

  it("refuses a file that is not audio whatever its name, leaving no row and no file", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const fake = path.join(fixtures, "falso.mp3");
    fs.writeFileSync(fake, "Questo non è audio, è testo con un nome da mp3.\n".repeat(200));
    const before = storedAudio().length;
    const { status, body } = await upload(user, form(fake, "falso.mp3", "audio/mpeg"));
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: MSG.notAudioFile });
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(storedAudio().length).toBe(before);
    expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 0, megabytesUsed: 0 });
    // A video without any audio track is refused the same way.
    const silentVideo = path.join(fixtures, "muto.mp4");
    execFileSync("ffmpeg", [
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=32x32:rate=5:duration=1",
      "-c:v",
      "mpeg4",
      silentVideo,
    ]);
    expect((await upload(user, form(silentVideo))).status).toBe(400);
  });

  describe("size limit", () => {
    let user: TestUser;
    beforeAll(async () => {
      // A dedicated 1 MB plan keeps the files small.
      const [free] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
      await getDb()
        .insert(subscriptionTypes)
        .values({ ...free, id: undefined, code: "TINY", name: "Piccolo", maxFileSizeMB: 1, createdAt: undefined, updatedAt: undefined });
      user = await createTestUser({ plan: "TINY" });
    });

    it("answers 413 'File troppo grande.' while streaming a body with no Content-Length", async () => {
      const boundary = "----verbale-test";
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="lungo.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024);
      // An endless body: only a server that stops reading at the limit can answer.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
        },
        pull(controller) {
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const { status, body: json } = await upload(user, body, { "Content-Type": `multipart/form-data; boundary=${boundary}` });
      expect(status).toBe(413);
      expect(json).toEqual({ success: false, message: HTTP_ERRORS[413] });
      expect(sent).toBeLessThan(4 * 1024 * 1024);
      expect(await rowsOf(user.id)).toHaveLength(0);
      expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 0 });
    });

    it("answers 413 at once when Content-Length already says too much", async () => {
      const big = toneFile(path.join(fixtures, "grande.wav"), 40); // 40 s of 44.1 kHz s16 mono ≈ 3.5 MB
      const { status, body } = await upload(user, form(big));
      expect(status).toBe(413);
      expect(body.message).toBe("File troppo grande.");
      const declared = await upload(user, form(toneFile(path.join(fixtures, "piccolo.wav"), 1)), { "Content-Length": String(5 * 1024 * 1024) });
      expect(declared.status).toBe(413);
      expect(await rowsOf(user.id)).toHaveLength(0);
    });

    it("accepts a file just under the limit", async () => {
      const { status } = await upload(user, form(toneFile(path.join(fixtures, "giusto.wav"), 10)));
      expect(status).toBe(200);
    });
  });

  describe("limits and guards", () => {
    it("refuses with the limit pop-up text when the month's recordings are used up", async () => {
      const user = await createTestUser({ plan: "FREE_BASIC" });
      await getDb().insert(usageMonths).values({ userId: user.id, month: usageMonthOf(), recordingsUsed: 5, megabytesUsed: 10 });
      const { status, body } = await upload(user, form(toneFile(path.join(fixtures, "limite.mp3"), 1)));
      expect(status).toBe(403);
      expect(body).toMatchObject({ success: false, message: MSG.limitReached, limitReached: true });
      expect(await rowsOf(user.id)).toHaveLength(0);
    });

    it("refuses when the storage left is smaller than the file", async () => {
      const user = await createTestUser({ plan: "FREE_BASIC" });
      // 250 MB plan, 249.5 used: any file counts at least 1 MB and overflows.
      await getDb().insert(usageMonths).values({ userId: user.id, month: usageMonthOf(), recordingsUsed: 1, megabytesUsed: 250 });
      const { status, body } = await upload(user, form(toneFile(path.join(fixtures, "spazio.mp3"), 1)));
      expect(status).toBe(403);
      expect(body.message).toBe(MSG.limitReached);
    });

    it("gives the last slot to exactly one of two parallel uploads", async () => {
      const user = await createTestUser({ plan: "FREE_BASIC" });
      await getDb().insert(usageMonths).values({ userId: user.id, month: usageMonthOf(), recordingsUsed: 4, megabytesUsed: 4 });
      const file = toneFile(path.join(fixtures, "parallelo.mp3"), 2);
      const results = await Promise.all([upload(user, form(file)), upload(user, form(file))]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      expect(await rowsOf(user.id)).toHaveLength(1);
      expect(await usageOf(user.id)).toMatchObject({ recordingsUsed: 5, megabytesUsed: 5 });
      const refused = results.find((r) => r.status === 403)!;
      expect(refused.body.message).toBe(MSG.limitReached);
    });

    it("requires a session, a verified e-mail and an active subscription", async () => {
      const file = toneFile(path.join(fixtures, "guardia.mp3"), 1);
      expect((await upload(undefined, form(file))).status).toBe(401);
      const unverified = await createTestUser({ plan: "FREE_BASIC", verified: false });
      expect((await upload(unverified, form(file))).status).toBe(403);
      const noPlan = await createTestUser();
      const { status, body } = await upload(noPlan, form(file));
      expect(status).toBe(403);
      expect(body).toMatchObject({ requiresSubscription: true });
      expect(await rowsOf(noPlan.id)).toHaveLength(0);
    });

    it("refuses a request without the audio field or not multipart", async () => {
      const user = await createTestUser({ plan: "FREE_BASIC" });
      const data = new FormData();
      data.append("altro", "valore");
      expect((await upload(user, data)).status).toBe(400);
      const response = await uploadAction({
        request: new Request("http://localhost:3000/api/transcription", {
          method: "POST",
          headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
          body: "{}",
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(400);
    });
  });
});
