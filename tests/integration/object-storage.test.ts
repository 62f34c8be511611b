import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as audioRoute from "~/routes/api.audio.$id";
import * as documentRoute from "~/routes/api.document.$id";
import * as emailRoute from "~/routes/api.document.$id.email";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import * as recordingsRoute from "~/routes/api.recordings";
import * as chunkRoute from "~/routes/api.recordings.$id.chunks.$index";
import * as finalizeRoute from "~/routes/api.recordings.$id.finalize";
import * as transcriptionRoute from "~/routes/api.transcription.$id";
import * as adminUserRoute from "~/routes/api.admin.users.$id";
import { getStorage } from "~/services/storage.server";
import { callRoute } from "../support/admin-api";
import { espeakWav } from "../support/audio";
import { apiRequest, createTestUser } from "../support/db";
import { tempLeft, uploadAudio, usePipeline, waitFor } from "../support/pipeline";
import { useS3Storage } from "../support/s3";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

/**
 * The whole flow with STORAGE_URL=s3://… against a real S3-compatible server (s3rver): upload →
 * worker (audio fetched to a temporary file) → document → download with Range → delete, looking
 * at the bucket itself to see the objects come and go (decision 021).
 */

const pipe = usePipeline();
const s3 = useS3Storage("verbale");
/** The bucket as an operator sees it, not through the app's backend. */
const bucket = () => s3.server.storage("");
const objects = async (folder: string) => bucket().list(`verbale/${folder}`);
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  setConfigForTests({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  closeMailTransport();
  await smtp.stop();
});

/** GET /api/audio/:id as the player asks for it. */
function audio(id: string, token: string, range?: string): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(range ? { Range: range } : {}) };
  return audioRoute.loader({ request: new Request(`http://localhost:3000/api/audio/${id}`, { headers }), params: { id }, context: {} });
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe("S3-compatible storage, end to end", () => {
  it("upload → transcription → document → Range download → delete, every object in the bucket and none left on disk", async () => {
    expect((await getStorage()).kind).toBe("s3");
    const id = await uploadAudio(pipe.audio, pipe.user);
    expect(await objects("audio")).toEqual([`verbale/audio/${id}.ogg`]);
    const done = await waitFor(id, ["COMPLETED", "FAILED"]);
    expect(done.failureReason).toBeNull();
    expect(done.status).toBe("COMPLETED");
    expect(done.text).toMatch(/^Buongiorno a tutti/);
    // The worker's copy of the audio and the upload's temporary file are gone; nothing under DATA_DIR/storage.
    expect(tempLeft(pipe.db)).toEqual([]);
    expect(fs.existsSync(path.join(pipe.db.dataDir, "storage"))).toBe(false);

    // The audio: whole, a range (206), past the end (416), always with its name.
    const original = fs.readFileSync(pipe.audio);
    const whole = await audio(id, pipe.user.token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe(String(original.length));
    expect(whole.headers.get("Content-Disposition")).toMatch(/^attachment; filename="riunione\.ogg"/);
    expect(await bytesOf(whole)).toEqual(original);
    const ranged = await audioRoute.loader({
      request: new Request(`http://localhost:3000/api/audio/${id}`, {
        headers: { Authorization: `Bearer ${pipe.user.token}`, Range: "bytes=100-1099" },
      }),
      params: { id },
      context: {},
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 100-1099/${original.length}`);
    expect(ranged.headers.get("Content-Length")).toBe("1000");
    expect(await bytesOf(ranged)).toEqual(original.subarray(100, 1100));
    const past = await audio(id, pipe.user.token, `bytes=${original.length + 10}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${original.length}`);
    // Another user's id is 404, as with the local folder.
    const other = await createTestUser();
    expect((await audio(id, other.token)).status).toBe(404);

    // The Word document is made, stored as an object and downloaded from it.
    const made = await callRoute(documentRoute, "POST", `/api/document/${id}`, { token: pipe.user.token, params: { id } });
    expect(made.status).toBe(200);
    expect(await objects("documents")).toEqual([`verbale/documents/${id}.docx`]);
    const download = await callRoute(documentRoute, "GET", `/api/document/${id}`, { token: pipe.user.token, params: { id } });
    expect(download.status).toBe(200);
    const docx = await bytesOf(download);
    expect(docx.subarray(0, 2).toString()).toBe("PK");
    expect(download.headers.get("Content-Length")).toBe(String(docx.length));
    // The e-mail attaches the same object.
    const sent = await emailRoute.action({
      request: apiRequest(`/api/document/${id}/email`, { token: pipe.user.token, body: { email: "destinatario@esempio.it" } }),
      params: { id },
      context: {},
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitForMessage("destinatario@esempio.it");
    expect(mail.parsed.attachments).toHaveLength(1);
    expect(mail.parsed.attachments[0].content.equals(docx)).toBe(true);

    // Deleting the transcription deletes its objects.
    const deleted = await callRoute(transcriptionRoute, "DELETE", `/api/transcription/${id}`, { token: pipe.user.token, params: { id } });
    expect(deleted.status).toBe(200);
    expect(await objects("audio")).toEqual([]);
    expect(await objects("documents")).toEqual([]);
  }, 60_000);

  it("a recording: one object per chunk while recording, one audio object after «Invia»; deleting the user removes it all", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const wav = espeakWav(path.join(pipe.db.dataDir, "fixtures", "parlato.wav"));
    const webm = execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", wav, "-t", "6", "-c:a", "libopus", "-f", "webm", "pipe:1"], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const open = async () => {
      const opened = await recordingsRoute.action({
        request: apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm;codecs=opus" } }),
        params: {},
        context: {},
      });
      return ((await opened.json()) as { databaseId: string }).databaseId;
    };
    const put = async (id: string, index: number, data: Buffer) => {
      const response = await chunkRoute.action({
        request: new Request(`http://localhost:3000/api/recordings/${id}/chunks/${index}`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/octet-stream" },
          body: new Uint8Array(data),
        }),
        params: { id, index: String(index) },
        context: {},
      });
      expect(response.status).toBe(200);
    };
    const third = Math.ceil(webm.length / 3);
    const sent = await open();
    for (let i = 0; i < 3; i++) await put(sent, i, webm.subarray(i * third, (i + 1) * third));
    expect(await objects(`recordings/${sent}`)).toHaveLength(3);
    const finalized = await finalizeRoute.action({
      request: new Request(`http://localhost:3000/api/recordings/${sent}/finalize`, {
        method: "POST",
        headers: { Authorization: `Bearer ${user.token}` },
      }),
      params: { id: sent },
      context: {},
    });
    expect(finalized.status).toBe(200);
    await vi.waitFor(async () => expect(await objects(`recordings/${sent}`)).toEqual([]));
    expect(await objects("audio")).toContain(`verbale/audio/${sent}.webm`);
    expect((await waitFor(sent, ["COMPLETED", "FAILED"])).status).toBe("COMPLETED");

    // A second recording left open: its chunks are all it has.
    const open2 = await open();
    await put(open2, 0, webm.subarray(0, third));
    expect(await objects(`recordings/${open2}`)).toHaveLength(1);

    const admin = await createTestUser({ role: "ADMIN" });
    const removed = await callRoute(adminUserRoute, "DELETE", `/api/admin/users/${user.id}`, { token: admin.token, params: { id: user.id } });
    expect(removed.status).toBe(200);
    expect(await objects(`recordings/${open2}`)).toEqual([]);
    expect(await objects("audio")).not.toContain(`verbale/audio/${sent}.webm`);
    expect(tempLeft(pipe.db)).toEqual([]);
  }, 60_000);
});
