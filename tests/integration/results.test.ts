import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getSql } from "~/db/client.server";
import { loader as audioLoader } from "~/routes/api.audio.$id";
import { action as emailAction, loader as emailLoader } from "~/routes/api.document.$id.email";
import { action as documentAction, loader as documentLoader } from "~/routes/api.document.$id";
import { loader as historyLoader } from "~/routes/api.history";
import { loader as exportLoader } from "~/routes/api.transcription.$id.export.$format";
import { action as transcriptionAction, loader as transcriptionLoader } from "~/routes/api.transcription.$id";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { parseRange } from "~/services/http-download.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { seedCompletedTranscription } from "../support/transcriptions";

useTestDatabase();

const storageDir = () => path.join(getConfig().DATA_DIR, "storage");
const seed = (userId: string, options = {}) => seedCompletedTranscription(getSql(), storageDir(), userId, options);
type Handler = (args: never) => Promise<Response>;
const call = (handler: Handler, request: Request, params: Record<string, string>) => handler({ request, params, context: {} } as never);

/** Every endpoint of the issue that takes a transcription id. */
function endpoints(id: string, deliveryId = "00000000-0000-4000-8000-000000000000") {
  return [
    { name: "GET /api/transcription/:id", handler: transcriptionLoader, method: "GET", path: `/api/transcription/${id}`, params: { id } },
    { name: "DELETE /api/transcription/:id", handler: transcriptionAction, method: "DELETE", path: `/api/transcription/${id}`, params: { id } },
    { name: "POST /api/document/:id", handler: documentAction, method: "POST", path: `/api/document/${id}`, params: { id } },
    { name: "GET /api/document/:id", handler: documentLoader, method: "GET", path: `/api/document/${id}`, params: { id } },
    { name: "GET /api/audio/:id", handler: audioLoader, method: "GET", path: `/api/audio/${id}`, params: { id } },
    {
      name: "POST /api/document/:id/email",
      handler: emailAction,
      method: "POST",
      path: `/api/document/${id}/email`,
      params: { id },
      body: { email: "destinatario@esempio.it", subject: "Oggetto", message: "Testo" },
    },
    {
      name: "GET /api/document/:id/email",
      handler: emailLoader,
      method: "GET",
      path: `/api/document/${id}/email?delivery=${deliveryId}`,
      params: { id },
    },
    ...(["txt", "srt", "vtt"] as const).map((format) => ({
      name: `GET /api/transcription/:id/export/${format}`,
      handler: exportLoader,
      method: "GET",
      path: `/api/transcription/${id}/export/${format}`,
      params: { id, format },
    })),
  ] as { name: string; handler: Handler; method: string; path: string; params: Record<string, string>; body?: unknown }[];
}

describe("detail", () => {
  it("returns the transcription with its segments, the analysis and no document yet", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const response = await call(transcriptionLoader, apiRequest(`/api/transcription/${t.id}`, { token: user.token }), { id: t.id });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.transcription).toMatchObject({
      id: t.id,
      title: t.title,
      text: t.text,
      content: t.text,
      status: "COMPLETED",
      language: "it",
      fileSize: t.fileSize,
      originalName: "registrazione riunione è.wav",
      user: { id: user.id, email: user.email },
    });
    expect(body.transcription.segments.map((s: { text: string }) => s.text)).toEqual(t.segments.map((s) => s.text));
    expect(body.analysis).toMatchObject({ title: t.title, summary: t.summary, topics: t.topics });
    expect(body.document).toBeNull();
    expect(body.documentPath).toBeNull();

    await ensureDocument(t.id, { userId: user.id }, { create: true });
    const after = await (await call(transcriptionLoader, apiRequest(`/api/transcription/${t.id}`, { token: user.token }), { id: t.id })).json();
    expect(after.documentPath).toBe(`/api/document/${t.id}`);
    expect(after.document).toMatchObject({ upToDate: true });
  });
});

describe("ownership and sessions", () => {
  it("answers every endpoint with 404 for another user's id, exactly like a missing or malformed one, and changes nothing", async () => {
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const t = await seed(owner.id);
    await ensureDocument(t.id, { userId: owner.id }, { create: true });
    const missing = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
    for (const id of [t.id, missing, "non-un-uuid"]) {
      for (const e of endpoints(id)) {
        const response = await call(e.handler, apiRequest(e.path, { token: intruder.token, method: e.method, body: e.body }), e.params);
        expect(response.status, `${e.name} con ${id}`).toBe(404);
        expect(await response.json(), e.name).toEqual({ success: false, message: "Risorsa non trovata." });
      }
    }
    // The owner still has everything.
    const still = await call(transcriptionLoader, apiRequest(`/api/transcription/${t.id}`, { token: owner.token }), { id: t.id });
    expect(still.status).toBe(200);
    expect(fs.existsSync(path.join(storageDir(), t.audioKey))).toBe(true);
    const deliveries = await getSql()`select count(*)::int as n from email_deliveries`;
    expect(deliveries[0].n).toBe(0);
  });

  it("answers every endpoint and the history with 401 without a session or with an unknown token", async () => {
    const owner = await createTestUser();
    const t = await seed(owner.id);
    for (const token of [undefined, "token-inventato"]) {
      for (const e of [
        ...endpoints(t.id),
        { name: "GET /api/history", handler: historyLoader as Handler, method: "GET", path: "/api/history", params: {} },
      ]) {
        const response = await call(e.handler, apiRequest(e.path, { token, method: e.method, body: (e as { body?: unknown }).body }), e.params);
        expect(response.status, e.name).toBe(401);
        expect(await response.json(), e.name).toEqual({ success: false, message: "Sessione scaduta. Effettua nuovamente l'accesso." });
      }
    }
  });
});

describe("audio", () => {
  it("streams the whole file with the original name, and byte ranges for seeking", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const full = await call(audioLoader, apiRequest(`/api/audio/${t.id}`, { token: user.token }), { id: t.id });
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("audio/wav");
    expect(full.headers.get("Accept-Ranges")).toBe("bytes");
    expect(full.headers.get("Content-Disposition")).toBe(
      `attachment; filename="registrazione riunione _.wav"; filename*=UTF-8''registrazione%20riunione%20%C3%A8.wav`,
    );
    expect(Buffer.from(await full.arrayBuffer()).equals(t.audioBytes)).toBe(true);

    const partial = await call(audioLoader, apiRequest(`/api/audio/${t.id}`, { token: user.token, headers: { Range: "bytes=100-199" } }), {
      id: t.id,
    });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe(`bytes 100-199/${t.fileSize}`);
    expect(partial.headers.get("Content-Length")).toBe("100");
    expect(Buffer.from(await partial.arrayBuffer()).equals(t.audioBytes.subarray(100, 200))).toBe(true);

    const open = await call(audioLoader, apiRequest(`/api/audio/${t.id}`, { token: user.token, headers: { Range: `bytes=${t.fileSize - 10}-` } }), {
      id: t.id,
    });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(t.audioBytes.subarray(t.fileSize - 10))).toBe(true);

    const beyond = await call(audioLoader, apiRequest(`/api/audio/${t.id}`, { token: user.token, headers: { Range: `bytes=${t.fileSize}-` } }), {
      id: t.id,
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${t.fileSize}`);
  });

  it("parses ranges: suffix, open, clamped, and ignores malformed or multiple ones", () => {
    expect(parseRange("bytes=-500", 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange("bytes=10-", 1000)).toEqual({ start: 10, end: 999 });
    expect(parseRange("bytes=10-5000", 1000)).toEqual({ start: 10, end: 999 });
    expect(parseRange("bytes=5-1", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeUndefined();
    expect(parseRange("items=0-1", 1000)).toBeUndefined();
    expect(parseRange(null, 1000)).toBeUndefined();
  });
});

describe("exports", () => {
  it("serves TXT, SRT and VTT of the timed segments with a safe file name, and 404 for another format", async () => {
    const user = await createTestUser();
    const t = await seed(user.id, { title: "Riunione è finita" });
    const get = (format: string) =>
      call(exportLoader, apiRequest(`/api/transcription/${t.id}/export/${format}`, { token: user.token }), { id: t.id, format });

    const srt = await get("srt");
    expect(srt.status).toBe(200);
    expect(srt.headers.get("Content-Type")).toContain("application/x-subrip");
    expect(srt.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Riunione _ finita.srt"; filename*=UTF-8''Riunione%20%C3%A8%20finita.srt`,
    );
    const srtText = await srt.text();
    expect(srtText.startsWith(`1\n00:00:00,000 --> `)).toBe(true);
    expect(srtText).toContain(t.segments[4].text);

    const vtt = await (await get("vtt")).text();
    expect(vtt.startsWith("WEBVTT\n\n00:00:00.000 --> ")).toBe(true);
    const txt = await (await get("txt")).text();
    expect(txt).toContain(`[00:00] ${t.segments[0].text}`);

    const other = await get("pdf");
    expect(other.status).toBe(404);
  });
});
