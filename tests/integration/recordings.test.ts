import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getSql } from "~/db/client.server";
import { loader as historyLoader } from "~/routes/api.history";
import { action as transcriptionAction } from "~/routes/api.transcription.$id";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { deleteTranscription } from "~/services/transcriptions/delete.server";
import { listTranscriptions, listTranscriptionsPage } from "~/services/transcriptions/list.server";
import { searchQueryText } from "~/services/transcriptions/search.server";
import { getUsage } from "~/services/usage.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { seedCompletedTranscription } from "../support/transcriptions";

useTestDatabase();

const storageDir = () => path.join(getConfig().DATA_DIR, "storage");
const seed = (userId: string, options = {}) => seedCompletedTranscription(getSql(), storageDir(), userId, options);
const call = (handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context: {} } as never);

const MARKETING = ["Oggi parliamo della campagna pubblicitaria per l'estate.", "Le vendite online sono aumentate grazie ai social network."];

describe("history", () => {
  it("lists only the user's recordings, newest first, with the spec's fields", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const older = await seed(user.id, { createdAt: new Date(Date.now() - 3600_000) });
    const newer = await seed(user.id, { title: "Campagna estiva", sentences: MARKETING });
    await seed(other.id);
    await ensureDocument(newer.id, { userId: user.id }, { create: true });

    const response = await call(historyLoader, apiRequest("/api/history", { token: user.token }));
    expect(response.status).toBe(200);
    const { transcriptions } = await response.json();
    expect(transcriptions.map((t: { id: string }) => t.id)).toEqual([newer.id, older.id]);
    expect(transcriptions[0]).toMatchObject({
      id: newer.id,
      title: "Campagna estiva",
      status: "COMPLETED",
      fileName: newer.audioKey,
      filename: newer.audioKey,
      originalName: "registrazione riunione è.wav",
      fileSize: newer.fileSize,
      language: "it",
      hasDocument: true,
    });
    expect(transcriptions[0].duration).toBeCloseTo(newer.duration, 1);
    expect(transcriptions[1].hasDocument).toBe(false);
    expect(transcriptions[0].highlight).toBeUndefined();
  });

  it("pages: 24 cards a page on /recordings, page and limit on /api/history, past the end the last page", async () => {
    const user = await createTestUser();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.unshift((await seed(user.id, { createdAt: new Date(Date.now() - (30 - i) * 60_000) })).id);
    const first = await listTranscriptionsPage(user.id, { page: 1 });
    expect(first.transcriptions.map((t) => t.id)).toEqual(ids.slice(0, 24));
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, pageSize: 24, totalItems: 30 });
    const second = await listTranscriptionsPage(user.id, { page: 2 });
    expect(second.transcriptions.map((t) => t.id)).toEqual(ids.slice(24));
    expect((await listTranscriptionsPage(user.id, { page: 9 })).pagination.currentPage).toBe(2);

    const api = async (query: string) => (await call(historyLoader, apiRequest(`/api/history${query}`, { token: user.token }))).json();
    const all = await api("");
    expect(all.transcriptions).toHaveLength(30);
    expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1, pageSize: 200, totalItems: 30 });
    const third = await api("?limit=10&page=3");
    expect(third.transcriptions.map((t: { id: string }) => t.id)).toEqual(ids.slice(20, 30));
    expect(third.pagination).toEqual({ currentPage: 3, totalPages: 3, pageSize: 10, totalItems: 30 });
    expect((await api("?limit=abc&page=-1")).pagination).toMatchObject({ currentPage: 1, pageSize: 200 });
  });

  it("searches titles and texts with Italian full-text search (stems, prefixes) and marks the matches", async () => {
    const user = await createTestUser();
    const budget = await seed(user.id);
    const marketing = await seed(user.id, { title: "Campagna estiva", sentences: MARKETING });

    // "vendita" finds "vendite" through the Italian stemmer; the other recording does not match.
    const found = await listTranscriptions(user.id, { search: "vendita" });
    expect(found.map((t) => t.id)).toEqual([marketing.id]);
    const marked = found[0].highlight!.text.filter((p) => p.match).map((p) => p.text);
    expect(marked).toEqual(["vendite"]);

    // A prefix while typing, matched in the title.
    const byTitle = await listTranscriptions(user.id, { search: "campag" });
    expect(byTitle.map((t) => t.id)).toEqual([marketing.id]);
    expect(byTitle[0].highlight!.title).toEqual([
      { text: "Campagna", match: true },
      { text: " estiva", match: false },
    ]);

    // Every word must match; the API answers the same.
    expect((await listTranscriptions(user.id, { search: "bilancio fatturato" })).map((t) => t.id)).toEqual([budget.id]);
    expect(await listTranscriptions(user.id, { search: "bilancio vendite" })).toEqual([]);
    const api = await (await call(historyLoader, apiRequest("/api/history?search=fatturato", { token: user.token }))).json();
    expect(api.transcriptions.map((t: { id: string }) => t.id)).toEqual([budget.id]);

    // Another user's words are never found.
    const stranger = await createTestUser();
    expect(await listTranscriptions(stranger.id, { search: "fatturato" })).toEqual([]);
  });

  it("never lets the search text act as tsquery syntax", async () => {
    const user = await createTestUser();
    await seed(user.id);
    expect(searchQueryText("bilancio & !(x | y):* 'z'")).toBe("bilancio:* & x:* & y:* & z:*");
    expect(searchQueryText("  &|!  ")).toBeUndefined();
    await expect(listTranscriptions(user.id, { search: "bilancio' & !(" })).resolves.toHaveLength(1);
    // Only punctuation: no filter at all.
    await expect(listTranscriptions(user.id, { search: "&|!" })).resolves.toHaveLength(1);
  });
});

describe("delete", () => {
  it("removes rows and files and gives the recording and its megabytes back", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const keep = await seed(user.id, { title: "Campagna estiva", sentences: MARKETING });
    await ensureDocument(t.id, { userId: user.id }, { create: true });
    const before = await getUsage(user.id, t.usageMonth);
    expect(before.recordingsUsed).toBe(2);

    const response = await call(transcriptionAction, apiRequest(`/api/transcription/${t.id}`, { token: user.token, method: "DELETE" }), { id: t.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      message: "Trascrizione eliminata con successo",
      released: { recordings: 1, megabytes: t.usageMegabytes, minutes: t.usageMinutes },
    });

    const after = await getUsage(user.id, t.usageMonth);
    expect(after).toEqual({
      recordingsUsed: before.recordingsUsed - 1,
      megabytesUsed: before.megabytesUsed - t.usageMegabytes,
      minutesUsed: before.minutesUsed - t.usageMinutes,
    });
    expect(t.usageMinutes).toBeGreaterThan(0);
    const sql = getSql();
    for (const table of ["transcriptions", "transcription_segments", "analyses", "documents"]) {
      const column = table === "transcriptions" ? "id" : "transcription_id";
      const [row] = await sql.unsafe(`select count(*)::int as n from ${table} where ${column} = $1`, [t.id]);
      expect(row.n, table).toBe(0);
    }
    expect(fs.existsSync(path.join(storageDir(), t.audioKey))).toBe(false);
    expect(fs.existsSync(path.join(storageDir(), "documents", `${t.id}.docx`))).toBe(false);
    expect(fs.existsSync(path.join(storageDir(), keep.audioKey))).toBe(true);

    // A second delete is a 404 and gives nothing back twice.
    const again = await call(transcriptionAction, apiRequest(`/api/transcription/${t.id}`, { token: user.token, method: "DELETE" }), { id: t.id });
    expect(again.status).toBe(404);
    expect(await getUsage(user.id, t.usageMonth)).toEqual(after);
  });

  it("keeps rows, files and usage when the transaction fails", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const sql = getSql();
    // Make the usage update fail inside the transaction.
    await sql.unsafe(`
      create function refuse_usage() returns trigger language plpgsql as $$ begin raise exception 'usage bloccato'; end $$;
      create trigger refuse_usage before update on usage_months for each row execute function refuse_usage();`);
    try {
      const error = (await deleteTranscription(t.id, { userId: user.id }).catch((e: unknown) => e)) as Error & { cause?: Error };
      expect(String(error.cause?.message ?? error.message)).toMatch(/usage bloccato/);
    } finally {
      await sql.unsafe(`drop trigger refuse_usage on usage_months; drop function refuse_usage();`);
    }
    const [row] = await sql`select count(*)::int as n from transcriptions where id = ${t.id}`;
    expect(row.n).toBe(1);
    expect(fs.existsSync(path.join(storageDir(), t.audioKey))).toBe(true);
    expect((await getUsage(user.id, t.usageMonth)).recordingsUsed).toBe(1);
  });

  it("lets the admin path delete any user's recording with the same code", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await expect(deleteTranscription(t.id, { userId: (await createTestUser()).id })).rejects.toMatchObject({ status: 404 });
    await expect(deleteTranscription(t.id, { admin: true })).resolves.toMatchObject({ id: t.id, userId: user.id, megabytes: t.usageMegabytes });
    expect((await getUsage(user.id, t.usageMonth)).recordingsUsed).toBe(0);
  });
});
