import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { analyses, transcriptions, usageMonths } from "~/db/schema";
import * as transcriptionRoute from "~/routes/api.admin.transcriptions.$id";
import * as retryRoute from "~/routes/api.admin.transcriptions.$id.retry";
import * as textRoute from "~/routes/api.admin.transcriptions.$id.download";
import * as docRoute from "~/routes/api.admin.transcriptions.$id.document.download";
import * as transcriptionsExportRoute from "~/routes/api.admin.transcriptions.export";
import { generateDocument } from "~/services/document.server";
import * as storage from "~/services/storage.server";
import { addTranscription, callRoute, rawText, useAdmin } from "../support/admin-api";
import { createTestUser, useTestDatabase } from "../support/db";

/** Admin API: transcriptions (delete, retry, downloads, CSV export). */

useTestDatabase();
const ctx = useAdmin();

describe("transcriptions: delete, retry, downloads, export", () => {
  it("retries only a FAILED transcription and queues the pipeline job", async () => {
    const owner = await createTestUser();
    const failed = await addTranscription(owner.id, { status: "FAILED", errorMessage: "Errore" });
    const done = await addTranscription(owner.id, { status: "COMPLETED" });
    const ok = await callRoute(retryRoute, "POST", `/api/admin/transcriptions/${failed.id}/retry`, {
      token: ctx.admin.token,
      params: { id: failed.id },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("Trascrizione riavviata con successo");
    const [after] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, failed.id));
    expect(after.status).toBe("PENDING");
    const jobs = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = ${`transcribe:${failed.id}`}`,
    );
    expect(jobs[0].n).toBe(1);

    const refused = await callRoute(retryRoute, "POST", `/api/admin/transcriptions/${done.id}/retry`, {
      token: ctx.admin.token,
      params: { id: done.id },
    });
    expect(refused.status).toBe(409);
    const [unchanged] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, done.id));
    expect(unchanged.status).toBe("COMPLETED");
    // Retrying the now PENDING one again is refused too.
    expect((await callRoute(retryRoute, "POST", "/x", { token: ctx.admin.token, params: { id: failed.id } })).status).toBe(409);
  });

  it("deletes like the owner's delete: rows, usage given back, files removed", async () => {
    const owner = await createTestUser();
    const t = await addTranscription(owner.id, { usageMonth: "2025-01-01", usageMegabytes: 3 });
    await getDb().insert(usageMonths).values({ userId: owner.id, month: "2025-01-01", recordingsUsed: 2, megabytesUsed: 10 });
    await storage.putBuffer(t.fileName, Buffer.from("audio"));
    const response = await callRoute(transcriptionRoute, "DELETE", `/api/admin/transcriptions/${t.id}`, {
      token: ctx.admin.token,
      params: { id: t.id },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Trascrizione eliminata con successo");
    const [usage] = await getDb()
      .select()
      .from(usageMonths)
      .where(and(eq(usageMonths.userId, owner.id), eq(usageMonths.month, "2025-01-01")));
    expect(usage).toMatchObject({ recordingsUsed: 1, megabytesUsed: 7 });
    expect(await storage.stat(t.fileName)).toBeUndefined();
    expect((await callRoute(transcriptionRoute, "DELETE", "/x", { token: ctx.admin.token, params: { id: t.id } })).status).toBe(404);
  });

  it("downloads the text named after the title, and the document once generated", async () => {
    const owner = await createTestUser();
    const t = await addTranscription(owner.id, {
      status: "COMPLETED",
      title: "Riunione è importante",
      text: "Buongiorno a tutti.",
      completedAt: new Date(),
    });
    const text = await callRoute(textRoute, "GET", "/x", { token: ctx.admin.token, params: { id: t.id } });
    expect(text.status).toBe(200);
    expect(await text.text()).toBe("Buongiorno a tutti.");
    expect(text.headers.get("Content-Disposition")).toContain("filename*=UTF-8''Riunione%20%C3%A8%20importante.txt");

    const missing = await callRoute(docRoute, "GET", "/x", { token: ctx.admin.token, params: { id: t.id } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Documento non disponibile");

    await getDb().insert(analyses).values({ transcriptionId: t.id, status: "COMPLETED", title: "Riunione", summary: "Sintesi.", topics: [] });
    await generateDocument(t.id, { admin: true });
    const doc = await callRoute(docRoute, "GET", "/x", { token: ctx.admin.token, params: { id: t.id } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("Content-Type")).toContain("wordprocessingml");
    const bytes = new Uint8Array(await doc.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe("PK");
  });

  it("exports transcriptions as CSV with the filters", async () => {
    const owner = await createTestUser({ email: "esporta@esempio.it" });
    await addTranscription(owner.id, { title: "-1+1 riunione", status: "FAILED" });
    const response = await callRoute(transcriptionsExportRoute, "GET", "/api/admin/transcriptions/export?user=esporta@esempio.it", {
      token: ctx.admin.token,
    });
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="transcriptions-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await rawText(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'-1+1 riunione"');
    expect(lines[1]).toContain('"FAILED"');
  });
});
