import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, transcriptions, usageMonths } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { loader as limitsLoader } from "~/routes/api.subscription.limits";
import { AudioTooLongError } from "~/services/ffmpeg.server";
import { measureDecodedSeconds, probeMedia } from "~/services/media-probe.server";
import * as storage from "~/services/storage.server";
import { deleteTranscription } from "~/services/transcriptions/delete.server";
import { assertDurationAllowed } from "~/services/usage.server";
import { espeakWav, toneFile } from "../support/audio";
import { createTestUser, type TestUser } from "../support/db";
import { uploadFile, useUploadDatabase } from "../support/upload";

/** Issue 21 point 8 / decision 006: audio length limits counted from the decoded audio. */

const setup = useUploadDatabase();

const upload = (user: TestUser, file: string) => uploadFile(user, fs.readFileSync(file), path.basename(file));

async function limitsOf(user: TestUser) {
  const request = new Request("http://localhost:3000/api/subscription/limits", { headers: { Authorization: `Bearer ${user.token}` } });
  const response = await limitsLoader({ request, params: {}, context: {} });
  return ((await response.json()) as { limits: Record<string, unknown> }).limits;
}

const rowsOf = (userId: string) => getDb().select().from(transcriptions).where(eq(transcriptions.userId, userId));
async function minutesUsed(userId: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonthOf())));
  return row?.minutesUsed ?? 0;
}

/** Silence compresses to almost nothing: hours of FLAC in a couple of megabytes. */
function silentFlac(file: string, seconds: number): string {
  execFileSync("ffmpeg", [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "anullsrc=r=8000:cl=mono",
    "-t",
    String(seconds),
    "-c:a",
    "flac",
    file,
  ]);
  return file;
}

/** Rewrites STREAMINFO's total-samples field: the header then claims `claimedSeconds`, the frames stay. */
function lieAboutLength(file: string, claimedSeconds: number, sampleRate = 8000): string {
  const data = fs.readFileSync(file);
  expect(data.toString("ascii", 0, 4)).toBe("fLaC");
  // STREAMINFO body starts at byte 8; its 64 bits at offset 10 end with the 36-bit sample count.
  const packed = data.readBigUInt64BE(18);
  const mask = (1n << 36n) - 1n;
  data.writeBigUInt64BE((packed & ~mask) | BigInt(claimedSeconds * sampleRate), 18);
  const out = file.replace(/\.flac$/, "-bugiardo.flac");
  fs.writeFileSync(out, data);
  return out;
}

async function makePlan(code: string, values: Partial<typeof subscriptionTypes.$inferInsert>) {
  const [free] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
  await getDb()
    .insert(subscriptionTypes)
    .values({ ...free, id: undefined, code, name: code, createdAt: undefined, updatedAt: undefined, ...values });
}

describe("audio length limits", () => {
  it("refuses a 2 MB FLAC holding 3 hours on the free plan, storing and counting nothing", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const file = silentFlac(path.join(setup.fixtures, "tre-ore.flac"), 3 * 3600);
    expect(fs.statSync(file).size).toBeLessThan(3 * 1024 * 1024);
    const { status, body } = await upload(user, file);
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, message: MSG.audioTooLong(60), durationLimit: "file", maxMinutesPerFile: 60 });
    expect(body.message).toBe("L'audio dura più di 60 minuti: il tuo piano accetta registrazioni fino a 60 minuti per file.");
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await minutesUsed(user.id)).toBe(0);
    // Decoding stops just past the limit rather than going through all three hours.
    const stopped = await measureDecodedSeconds(file, "flac", 60 * 60).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(AudioTooLongError);
    expect((stopped as AudioTooLongError).decodedSec).toBeGreaterThan(60 * 60);
    expect((stopped as AudioTooLongError).decodedSec).toBeLessThan(60 * 60 + 60);
  }, 180_000);

  it("does not believe a header that claims a short file", async () => {
    await makePlan("DUE_MINUTI", { maxMinutesPerFile: 2 });
    const user = await createTestUser({ plan: "DUE_MINUTI" });
    const liar = lieAboutLength(silentFlac(path.join(setup.fixtures, "lunga.flac"), 3 * 60), 10);
    const claimed = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", liar]).toString().trim());
    expect(claimed).toBeLessThan(11);
    const { status, body } = await upload(user, liar);
    expect(status).toBe(413);
    expect(body.message).toBe(MSG.audioTooLong(2));
    expect(await rowsOf(user.id)).toHaveLength(0);
  }, 60_000);

  it("measures the decoded seconds and stops just past the limit", async () => {
    const file = toneFile(path.join(setup.fixtures, "dodici.mp3"), 12);
    expect(await measureDecodedSeconds(file, "mp3", 60)).toBeCloseTo(12, 0);
    await expect(measureDecodedSeconds(file, "mp3", 10)).rejects.toBeInstanceOf(AudioTooLongError);
  });

  it("counts the minutes of the month, shows them in the limits and gives them back on delete", async () => {
    await makePlan("MINUTI", { maxMinutesPerFile: 5, maxMinutesPerMonth: 3, maxRecordingsPerMonth: 100 });
    const user = await createTestUser({ plan: "MINUTI" });
    // 61 s counts two started minutes.
    const first = await upload(user, toneFile(path.join(setup.fixtures, "sessantuno.mp3"), 61));
    expect(first.status).toBe(200);
    const [row] = await rowsOf(user.id);
    expect(row.usageMinutes).toBe(2);
    expect(row.duration).toBeGreaterThan(60.5);
    expect(row.duration).toBeLessThan(61.5);
    expect(await minutesUsed(user.id)).toBe(2);
    expect(await limitsOf(user)).toMatchObject({
      maxMinutesPerFile: 5,
      maxMinutesPerMonth: 3,
      currentMinutesUsed: 2,
      remainingMinutes: 1,
      canCreateRecording: true,
    });

    // Two more minutes do not fit in the one left: refused with the month's wording and the limit flag.
    const second = await upload(user, toneFile(path.join(setup.fixtures, "novanta.mp3"), 90));
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ message: MSG.monthlyMinutesReached(3, 1), limitReached: true, durationLimit: "month" });
    expect(second.body.message).toBe("L'audio supera i minuti rimasti questo mese (1 minuto su 3 minuti del tuo piano).");
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await minutesUsed(user.id)).toBe(2);

    // The service another caller (live recording, issue 14) uses as chunks arrive.
    await expect(assertDurationAllowed(user.id, 59)).resolves.toBeUndefined();
    await expect(assertDurationAllowed(user.id, 61)).rejects.toMatchObject({ status: 403, message: MSG.monthlyMinutesReached(3, 1) });
    await expect(assertDurationAllowed(user.id, 5 * 60 + 1)).rejects.toMatchObject({ status: 413, message: MSG.audioTooLong(5) });

    const deleted = await deleteTranscription(row.id, { userId: user.id });
    expect(deleted.minutes).toBe(2);
    expect(await minutesUsed(user.id)).toBe(0);
    expect(await limitsOf(user)).toMatchObject({ currentMinutesUsed: 0, remainingMinutes: 3 });
    const again = await upload(user, toneFile(path.join(setup.fixtures, "novanta.mp3"), 90));
    expect(again.status).toBe(200);
  }, 120_000);

  it("refuses once the month's minutes are used up, before reading the file", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    await getDb().insert(usageMonths).values({ userId: user.id, month: usageMonthOf(), recordingsUsed: 1, megabytesUsed: 1, minutesUsed: 300 });
    const { status, body } = await upload(user, toneFile(path.join(setup.fixtures, "breve.mp3"), 1));
    expect(status).toBe(403);
    expect(body).toMatchObject({ limitReached: true, message: "Hai esaurito i 300 minuti di audio del mese previsti dal tuo piano." });
    expect(await limitsOf(user)).toMatchObject({ remainingMinutes: 0, canCreateRecording: false });
  });
});

describe("a browser recording uploaded as a file (issue 22)", () => {
  it("is stored with its duration: a MediaRecorder webm (no duration, no cues) is remuxed without re-encoding", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const wav = espeakWav(path.join(setup.fixtures, "parlato-registrato.wav"));
    // Written to a pipe, as MediaRecorder writes: the header cannot say how long it is.
    const recorded = path.join(setup.fixtures, "registrazione-browser.webm");
    fs.writeFileSync(
      recorded,
      execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", wav, "-c:a", "libopus", "-b:a", "32k", "-f", "webm", "pipe:1"]),
    );
    const before = await probeMedia(recorded);
    expect(before.ok && before.probe.durationSec).toBe(undefined);

    const { status } = await upload(user, recorded);
    expect(status).toBe(200);
    const [row] = await rowsOf(user.id);
    const stored = await probeMedia(storage.storagePath(row.fileName));
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(stored.probe.audioCodec).toBe("opus");
    expect(stored.probe.durationSec).toBeCloseTo(row.duration ?? 0, 0);
    expect((await storage.stat(row.fileName))?.size).toBe(row.fileSize);
  });
});
