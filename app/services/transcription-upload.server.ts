import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import busboy from "busboy";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { BYTES_PER_MB } from "~/lib/usage";
import { ApiError, badRequest } from "./api.server";
import { extensionFor, probeAudio } from "./ffmpeg.server";
import { enqueueTranscription } from "./pipeline.server";
import { requireApiVerifiedUser } from "./session.server";
import * as storage from "./storage.server";
import { getUsageLimits, reserveRecording } from "./usage.server";

/**
 * POST /api/transcription. The multipart body is streamed from the socket to a temporary file
 * (never whole in memory) and cut at the plan's maxFileSizeMB; ffprobe then checks the content
 * is audio; one transaction reserves the usage (row lock against parallel uploads), inserts the
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

/** Streams the `audio` field to `dir`; rejects with TooLarge past maxBytes. Other fields are ignored. */
export function receiveAudioField(body: Readable, contentType: string, dir: string, maxBytes: number): Promise<ReceivedFile | undefined> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 30 },
      });
    } catch {
      reject(badRequest());
      return;
    }
    let received: ReceivedFile | undefined;
    let writing: Promise<void> | undefined;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      // Stop reading the rest of an oversized or broken body; the response goes out at once.
      body.destroy();
      reject(error);
    };
    parser.on("file", (field, stream, info) => {
      if (field !== "audio" || received) {
        stream.resume();
        return;
      }
      const target = path.join(dir, "upload.bin");
      received = {
        path: target,
        size: 0,
        originalName: sanitizeName(info.filename || "registrazione.webm"),
        clientMimeType: info.mimeType || "application/octet-stream",
      };
      const file = received;
      const out = fs.createWriteStream(target);
      stream.on("data", (chunk: Buffer) => {
        file.size += chunk.length;
      });
      stream.on("limit", () => fail(new TooLarge()));
      writing = new Promise<void>((done, error) => {
        out.on("finish", done);
        out.on("error", error);
        stream.on("error", error);
      });
      stream.pipe(out);
    });
    parser.on("error", (error: Error) => fail(error.message.includes("Unexpected end") ? badRequest() : error));
    parser.on("close", () => {
      if (failed) return;
      (writing ?? Promise.resolve()).then(() => resolve(received), (error: Error) => fail(error));
    });
    body.on("error", (error) => fail(error));
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
  if (!limits.canCreateRecording) throw new ApiError(403, MSG.limitReached, { limitReached: true });

  const maxBytes = limits.maxFileSizeMB * BYTES_PER_MB;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_SLACK) throw new ApiError(413);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw badRequest(MSG.uploadError);

  const tempDir = await storage.makeTempDir("upload");
  try {
    let file: ReceivedFile | undefined;
    try {
      file = await receiveAudioField(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), contentType, tempDir, maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) throw new ApiError(413);
      if (error instanceof ApiError) throw error;
      throw badRequest(MSG.uploadError);
    }
    if (!file || file.size === 0) throw badRequest(MSG.uploadError);

    const probe = await probeAudio(file.path);
    if (!probe) throw badRequest(MSG.notAudioFile);

    const id = randomUUID();
    const ext = extensionFor(probe, file.originalName);
    const key = `audio/${id}.${ext}`;
    const received = file;
    let stored = false;
    try {
      await getDb().transaction(async (tx) => {
        const { usageMonth, megabytes } = await reserveRecording(tx, user.id, received.size);
        await tx.insert(transcriptions).values({
          id,
          userId: user.id,
          status: "PENDING",
          fileName: key,
          originalName: received.originalName,
          mimeType: MIME_BY_EXT[ext] ?? received.clientMimeType,
          fileSize: received.size,
          duration: probe.durationSec ?? null,
          stage: "queued",
          progress: 0,
          usageMonth,
          usageMegabytes: megabytes,
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
    await fsp.rm(tempDir, { recursive: true, force: true });
  }
}
