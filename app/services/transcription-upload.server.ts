import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import busboy from "busboy";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { BYTES_PER_MB } from "~/lib/usage";
import { ApiError, badRequest } from "./api.server";
import { AudioTooLongError, remuxCopy } from "./ffmpeg.server";
import { extensionFor, measureDecodedSeconds, probeMedia, type ProbeResult } from "./media-probe.server";
import { parseMeetingJson } from "./meeting.server";
import { enqueueTranscription } from "./pipeline.server";
import { requireApiVerifiedUser } from "./session.server";
import * as storage from "./storage.server";
import { durationRefusal, getUsageLimits, reserveRecording, type UsageLimits } from "./usage.server";

/**
 * POST /api/transcription. The multipart body is streamed from the socket to a temporary file
 * (never whole in memory) and cut at the plan's maxFileSizeMB; ffprobe then checks the content
 * is audio in an accepted container and ffmpeg measures its decoded length (decision 006); one transaction reserves the usage (row lock against parallel uploads), inserts the
 * PENDING row, queues the job and moves the file into storage. Any refusal leaves no file and no row.
 */

/** Multipart boundaries and headers around the file, tolerated above the plan's size in Content-Length. */
const MULTIPART_SLACK = 64 * 1024;

const MIME_BY_EXT: Record<string, string> = {
  webm: "audio/webm",
  mkv: "video/x-matroska",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  flac: "audio/flac",
  aac: "audio/aac",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  mov: "video/quicktime",
  "3gp": "video/3gpp",
};

type ReceivedFile = { path: string; size: number; originalName: string; clientMimeType: string };

class TooLarge extends Error {}

/**
 * After a refusal the client may still be sending (an oversized chunked body has no end the
 * server knows of). Closing at once would make the kernel answer the unread bytes with a reset
 * that can destroy our 413 before the client reads it, so the rest is read and thrown away for a
 * while (at most LINGER_BYTES, then reading pauses and TCP holds the client back) and the
 * connection is closed after LINGER_MS, long after the response went out.
 */
const LINGER_BYTES = 2 * 1024 * 1024;
const LINGER_MS = 3000;

function lingerThenClose(body: Readable): void {
  if (body.destroyed || body.readableEnded) return;
  let drained = 0;
  body.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained >= LINGER_BYTES) body.pause();
  });
  body.resume();
  setTimeout(() => body.destroy(), LINGER_MS).unref();
}

/**
 * Streams the `audio` field to `dir`; rejects with TooLarge past maxBytes, with a 400 ApiError for
 * a truncated or malformed body, with the stream's error when the client went away. Other fields
 * are ignored, but for those named in `fields`, whose text is kept there (a value cut at the size
 * limit is dropped, so it reads as malformed). Every stream's errors are listened to and the promise settles exactly once, after
 * the file being written is closed: nothing can surface later as an unhandled rejection.
 */
export function receiveAudioField(
  body: Readable,
  contentType: string,
  dir: string,
  maxBytes: number,
  fields: Record<string, string | undefined> = {},
): Promise<ReceivedFile | undefined> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 256 * 1024, parts: 30 },
      });
    } catch {
      lingerThenClose(body);
      reject(badRequest(MSG.uploadError));
      return;
    }
    let received: ReceivedFile | undefined;
    let out: fs.WriteStream | undefined;
    let writing: Promise<void> | undefined;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      // Reject/resolve only once our file descriptor is closed, so the caller can remove the folder.
      if (out && !out.closed) out.once("close", done);
      else done();
    };
    const fail = (error: Error) => {
      if (settled) return;
      body.unpipe(parser);
      out?.destroy();
      if (!body.destroyed) lingerThenClose(body);
      settle(() => reject(error));
    };
    parser.on("file", (field, stream, info) => {
      stream.on("error", (error: Error) => fail(error));
      if (field !== "audio" || received || settled) {
        stream.resume();
        return;
      }
      // No extension: ffprobe must judge by content alone (".bin" would pick a text demuxer).
      const target = path.join(dir, "upload");
      received = {
        path: target,
        size: 0,
        originalName: sanitizeName(info.filename || "registrazione.webm"),
        clientMimeType: info.mimeType || "application/octet-stream",
      };
      const file = received;
      const output = fs.createWriteStream(target);
      out = output;
      stream.on("data", (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on("limit", () => fail(new TooLarge()));
      writing = new Promise<void>((done, error) => {
        output.on("finish", done);
        output.on("error", error);
        stream.on("error", error);
      });
      // Handled here and awaited in "close": a rejection never goes unobserved.
      writing.catch((error: Error) => fail(error));
      stream.pipe(output);
    });
    parser.on("field", (name: string, value: string, info: busboy.FieldInfo) => {
      if (name in fields) fields[name] = info.valueTruncated ? "\u0000" : value;
    });
    parser.on("error", (error: Error) =>
      fail(/Unexpected end|Malformed|boundary/i.test(error.message) ? badRequest(MSG.uploadIncomplete) : badRequest(MSG.uploadError)),
    );
    parser.on("close", () => {
      if (settled) return;
      (writing ?? Promise.resolve()).then(
        () => settle(() => resolve(received)),
        (error: Error) => fail(error),
      );
    });
    body.on("error", (error) => fail(error));
    // A body that stops without an error or an end (the connection closed mid-file).
    body.on("close", () => {
      if (!body.readableEnded) fail(badRequest(MSG.uploadIncomplete));
    });
    body.pipe(parser);
  });
}

function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters have no place in a name shown on screens and in headers.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "registrazione.webm").slice(0, 200);
}

export async function handleTranscriptionUpload(request: Request): Promise<{ databaseId: string }> {
  const user = await requireApiVerifiedUser(request);
  // Early refusals, before a single byte is stored; the transaction below is the real check.
  const { requiresSubscription, limits } = await getUsageLimits(user.id);
  if (requiresSubscription || !limits) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  if (!limits.canCreateRecording) {
    const onlyMinutes = limits.remainingRecordings > 0 && limits.canUseMegabytes;
    throw new ApiError(403, onlyMinutes ? MSG.monthlyMinutesReached(limits.maxMinutesPerMonth, 0) : MSG.limitReached, { limitReached: true });
  }

  const maxBytes = limits.maxFileSizeMB * BYTES_PER_MB;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_SLACK) throw new ApiError(413);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw badRequest(MSG.uploadError);

  // A private folder (mode 0700): ffprobe and ffmpeg read the upload only there.
  const tempDir = await storage.makeTempDir("upload");
  try {
    let file: ReceivedFile | undefined;
    const fields: Record<string, string | undefined> = { meeting: undefined };
    try {
      file = await receiveAudioField(
        Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
        contentType,
        tempDir,
        maxBytes,
        fields,
      );
    } catch (error) {
      if (error instanceof TooLarge) throw new ApiError(413);
      if (error instanceof ApiError) throw error;
      // The client went away mid-body: nobody reads this answer.
      throw badRequest(MSG.uploadIncomplete);
    }
    if (!file || file.size === 0) throw badRequest(MSG.uploadError);
    // Meeting details (issue 31) are checked before the audio is probed: a refusal costs nothing.
    const meeting = parseMeetingJson(fields.meeting);

    const probed = await probeMedia(file.path);
    if (!probed.ok) throw badRequest(probed.reason === "unsupported" ? MSG.unsupportedMediaFormat : MSG.notAudioFile);
    const probe = probed.probe;
    const durationSec = await measureUploadDuration(file.path, probe.demuxer, limits);

    const id = randomUUID();
    const ext = extensionFor(probe, file.originalName);
    const key = `audio/${id}.${ext}`;
    const received = { ...file, ...(await withDurationHeader(file.path, probe, tempDir)) };
    let stored = false;
    try {
      await getDb().transaction(async (tx) => {
        const { usageMonth, megabytes, minutes } = await reserveRecording(tx, user.id, { bytes: received.size, durationSec });
        await tx.insert(transcriptions).values({
          id,
          userId: user.id,
          status: "PENDING",
          fileName: key,
          originalName: received.originalName,
          mimeType: MIME_BY_EXT[ext] ?? received.clientMimeType,
          fileSize: received.size,
          duration: durationSec,
          stage: "queued",
          progress: 0,
          usageMonth,
          usageMegabytes: megabytes,
          usageMinutes: minutes,
          meeting,
        });
        await enqueueTranscription(tx, id);
        // Last step before commit: the job can only be picked up once the file is in place.
        await storage.putFile(key, received.path);
        stored = true;
      });
    } catch (error) {
      if (stored) await storage.remove(key).catch(() => {});
      throw error;
    }
    return { databaseId: id };
  } finally {
    await storage.removeTempDir(tempDir);
  }
}

/**
 * A webm as MediaRecorder writes it (a browser recording saved with "Salva" and uploaded later)
 * has no duration or cues: the browser's player shows 0:00 and seeks badly until it has played
 * it all. Such a file is remuxed without re-encoding (as finalize does for chunked recordings,
 * decision 009); any other file, or one ffmpeg cannot rewrite as webm, is stored as it came.
 */
async function withDurationHeader(
  filePath: string,
  probe: ProbeResult,
  tempDir: string,
): Promise<{ path: string; size: number } | Record<string, never>> {
  if (probe.demuxer !== "matroska" || probe.durationSec !== undefined) return {};
  const out = path.join(tempDir, "remuxed.webm");
  try {
    await remuxCopy(filePath, out, "webm");
    return { path: out, size: (await fs.promises.stat(out)).size };
  } catch {
    return {};
  }
}

/**
 * The decoded length, decoding no further than the plan allows (per file, and what is left of
 * the month): a small file that expands to hours is refused after decoding only up to the limit.
 */
async function measureUploadDuration(filePath: string, demuxer: string, limits: UsageLimits): Promise<number> {
  const perFileSec = limits.maxMinutesPerFile * 60;
  const limitSec = Math.min(perFileSec, limits.remainingMinutes * 60);
  try {
    return await measureDecodedSeconds(filePath, demuxer, limitSec);
  } catch (error) {
    if (error instanceof AudioTooLongError) {
      throw durationRefusal(limits, limits.currentMinutesUsed, limitSec + 1) ?? new ApiError(413, MSG.audioTooLong(limits.maxMinutesPerFile));
    }
    throw badRequest(MSG.notAudioFile);
  }
}
