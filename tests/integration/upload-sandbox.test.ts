import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { decodeToWav } from "~/services/ffmpeg.server";
import { probeMedia } from "~/services/media-probe.server";
import * as storage from "~/services/storage.server";
import { toneFile } from "../support/audio";
import { createTestUser } from "../support/db";
import { uploadFile, useUploadDatabase } from "../support/upload";

/**
 * Issue 21 point 3 / decision 006: an upload is read only as a plain audio/video container; a
 * playlist (HLS), a concat script or anything else that could make ffmpeg open another file is
 * refused before a byte of that other file is read.
 */

const setup = useUploadDatabase();
const { db } = setup;
const upload = uploadFile;

const rowsOf = (userId: string) => getDb().select().from(transcriptions).where(eq(transcriptions.userId, userId));
const storedAudio = () => fs.readdirSync(path.join(db.dataDir, "storage", "audio"));

/** Access time set days back: with relatime any read moves it to now. */
function markUnread(file: string): number {
  const past = new Date(Date.now() - 3 * 24 * 3600 * 1000);
  fs.utimesSync(file, past, fs.statSync(file).mtime);
  return fs.statSync(file).atimeMs;
}

function hls(entry: string): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:3.0,\n${entry}\n#EXT-X-ENDLIST\n`;
}

describe("media sandbox", () => {
  it("refuses a playlist pointing at another user's stored audio; that file is never read", async () => {
    const victim = await createTestUser({ plan: "FREE_BASIC" });
    const stored = await upload(victim, fs.readFileSync(toneFile(path.join(setup.fixtures, "riunione-privata.mp3"), 3)), "riunione-privata.mp3");
    expect(stored.status).toBe(200);
    const [victimRow] = await rowsOf(victim.id);
    const victimFile = storage.storagePath(victimRow.fileName);
    const atime = markUnread(victimFile);

    const attacker = await createTestUser({ plan: "FREE_BASIC" });
    const before = storedAudio();
    // Absolute path, file: URL, and a path relative to the upload's temporary folder.
    const relative = path.relative(path.join(db.dataDir, "tmp", "upload-x"), victimFile);
    for (const [entry, name] of [
      [victimFile, "playlist.m3u8"],
      [`file:${victimFile}`, "playlist.m3u8"],
      [relative, "audio.mp3"],
    ] as const) {
      const { status, body } = await upload(attacker, hls(entry), name);
      expect(status, entry).toBe(400);
      expect(body).toEqual({ success: false, message: MSG.unsupportedMediaFormat });
    }
    // A concat script is the other way to name files.
    const concat = await upload(attacker, `ffconcat version 1.0\nfile '${victimFile}'\n`, "lista.txt");
    expect(concat.status).toBe(400);

    expect(await rowsOf(attacker.id)).toHaveLength(0);
    expect(storedAudio()).toEqual(before);
    expect(fs.statSync(victimFile).atimeMs).toBe(atime);
  });

  it("says which formats are accepted for a container outside the list, and 'no audio' for data ffmpeg cannot read", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const avi = path.join(setup.fixtures, "video.avi");
    toneFile(avi, 1);
    const refused = await upload(user, fs.readFileSync(avi), "video.avi");
    expect(refused).toMatchObject({ status: 400, body: { message: MSG.unsupportedMediaFormat } });
    expect(refused.body.message).toContain("Formato non supportato");
    const junk = await upload(user, Buffer.alloc(4096, 7), "rumore.mp3");
    expect(junk).toMatchObject({ status: 400, body: { message: MSG.notAudioFile } });
  });

  it("never lets the worker's decoder follow a playlist already in storage", async () => {
    const target = toneFile(path.join(setup.fixtures, "altro.mp3"), 2);
    const atime = markUnread(target);
    const playlist = path.join(setup.fixtures, "vecchio.m3u8");
    fs.writeFileSync(playlist, hls(target));
    expect(await probeMedia(playlist)).toEqual({ ok: false, reason: "unsupported" });
    await expect(decodeToWav(playlist, path.join(setup.fixtures, "out.wav"))).rejects.toThrow(/whitelist|Invalid/i);
    // Forcing a demuxer outside the list is refused before ffmpeg starts.
    await expect(decodeToWav(playlist, path.join(setup.fixtures, "out.wav"), { demuxer: "hls" })).rejects.toThrow(/non ammesso/);
    expect(fs.statSync(target).atimeMs).toBe(atime);
  });
});
