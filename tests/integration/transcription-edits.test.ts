import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { transcriptionEdits } from "~/db/schema";
import { loader as exportLoader } from "~/routes/api.transcription.$id.export.$format";
import { action as transcriptionAction } from "~/routes/api.transcription.$id";
import { loader as documentLoader } from "~/routes/api.document.$id";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { docxText, readZip } from "../support/docx";
import { seedCompletedTranscription } from "../support/transcriptions";

/**
 * PATCH /api/transcription/:id (issue 16): corrections to the transcript and the minutes, the
 * engine's original kept, who and when logged, and every refusal leaving everything unchanged.
 */

useTestDatabase();

const seed = (userId: string, options = {}) => seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), userId, options);
const args = (request: Request, id: string, extra: Record<string, string> = {}) => ({ request, params: { id, ...extra }, context: {} }) as never;
const patch = (token: string, id: string, body: unknown) =>
  transcriptionAction(args(apiRequest(`/api/transcription/${id}`, { token, method: "PATCH", body }), id));

/** Everything a refusal must leave as it was. */
async function snapshot(id: string, userId: string) {
  const detail = await getTranscriptionDetail(id, { userId });
  const edits = await getDb().select().from(transcriptionEdits).where(eq(transcriptionEdits.transcriptionId, id));
  return { detail, edits: edits.length };
}

describe("PATCH /api/transcription/:id", () => {
  it("corrects title, summary, a segment and its speaker; answers the record; the title is the one shown everywhere; text follows the segments", async () => {
    const user = await createTestUser({ name: "Giulia Verdi" });
    const t = await seed(user.id);
    const response = await patch(user.token, t.id, {
      title: "Bilancio e sito: riunione del 12 marzo",
      summary: "Riassunto corretto a mano.",
      segments: [{ position: 1, text: "Il fatturato di Bianchi è cresciuto del dodici per cento.", speaker: "Relatore 1" }],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      transcription: { id: t.id, title: "Bilancio e sito: riunione del 12 marzo" },
      analysis: { title: "Bilancio e sito: riunione del 12 marzo", summary: "Riassunto corretto a mano.", edited: true },
    });
    expect(body.transcription.segments[1]).toMatchObject({
      position: 1,
      text: "Il fatturato di Bianchi è cresciuto del dodici per cento.",
      speaker: "Relatore 1",
      originalText: t.segments[1].text,
    });
    expect(body.transcription.text).toBe(
      [t.segments[0].text, "Il fatturato di Bianchi è cresciuto del dodici per cento.", ...t.segments.slice(2).map((s) => s.text)].join(" "),
    );
    expect(body.transcription.edited).toMatchObject({ by: "Giulia Verdi" });
    // Who changed what, and when.
    const log = await getDb().select().from(transcriptionEdits).where(eq(transcriptionEdits.transcriptionId, t.id));
    expect(log.map((e) => [e.field, e.userId])).toEqual(
      expect.arrayContaining([
        ["segment:1", user.id],
        ["analysis", user.id],
      ]),
    );
    expect(log.find((e) => e.field === "segment:1")!.before).toEqual({ text: t.segments[1].text, speaker: null });
    // The record list and search see the new title and text.
    const [row] = await getSql()`select title, search_vector @@ to_tsquery('italian', 'dodici') as found from transcriptions where id = ${t.id}`;
    expect(row).toEqual({ title: "Bilancio e sito: riunione del 12 marzo", found: true });
  });

  it("renames a speaker everywhere in the transcription, and puts the engine's text back with restoreOriginal", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await patch(user.token, t.id, {
      segments: [
        { position: 0, speaker: "Relatore 1" },
        { position: 2, speaker: "Relatore 1", text: "Passiamo al sito di Rossi." },
        { position: 3, speaker: "Relatore 2" },
      ],
    });
    const renamed = await (await patch(user.token, t.id, { speakers: [{ from: "Relatore 1", to: "Anna Neri" }] })).json();
    expect(renamed.transcription.segments.map((s: { speaker: string | null }) => s.speaker)).toEqual([
      "Anna Neri",
      null,
      "Anna Neri",
      "Relatore 2",
      null,
    ]);

    // Speakers reach every export.
    const txt = await (
      await exportLoader(args(apiRequest(`/api/transcription/${t.id}/export/txt`, { token: user.token }), t.id, { format: "txt" }))
    ).text();
    expect(txt).toContain(`] Anna Neri: ${t.segments[0].text}`);
    const vtt = await (
      await exportLoader(args(apiRequest(`/api/transcription/${t.id}/export/vtt`, { token: user.token }), t.id, { format: "vtt" }))
    ).text();
    expect(vtt).toContain(`<v Anna Neri>${t.segments[0].text}`);
    const srt = await (
      await exportLoader(args(apiRequest(`/api/transcription/${t.id}/export/srt`, { token: user.token }), t.id, { format: "srt" }))
    ).text();
    expect(srt).toContain(`Relatore 2: ${t.segments[3].text}`);

    const restored = await (await patch(user.token, t.id, { restoreOriginal: true })).json();
    expect(
      restored.transcription.segments.map((s: { text: string; speaker: string | null; originalText: string | null }) => [
        s.text,
        s.speaker,
        s.originalText,
      ]),
    ).toEqual(t.segments.map((s) => [s.text, null, null]));
    expect(restored.analysis).toMatchObject({ title: t.title, edited: false });
  });

  it("marks a document generated before an edit as stale and rebuilds it on download with the edit", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await ensureDocument(t.id, { userId: user.id }, { create: true });
    expect((await getTranscriptionDetail(t.id, { userId: user.id })).document?.upToDate).toBe(true);
    await patch(user.token, t.id, { segments: [{ position: 4, text: "La prossima riunione sarà martedì alle undici.", speaker: "Relatore 3" }] });
    expect((await getTranscriptionDetail(t.id, { userId: user.id })).document?.upToDate).toBe(false);
    const docx = Buffer.from(await (await documentLoader(args(apiRequest(`/api/document/${t.id}`, { token: user.token }), t.id))).arrayBuffer());
    const text = docxText(readZip(docx).get("word/document.xml")!.toString("utf8"));
    expect(text).toContain("Relatore 3: La prossima riunione sarà martedì alle undici.");
    expect(text).not.toContain(t.segments[4].text);
    expect((await getTranscriptionDetail(t.id, { userId: user.id })).document?.upToDate).toBe(true);
  });

  it("corrects the minutes: topics, decisions and action items", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const body = await (
      await patch(user.token, t.id, {
        topics: [{ name: "Bilancio", keyPoints: [{ point: "Fatturato +12%", estimatedTimestamp: "00:02" }] }],
        decisions: [{ text: "Approvato il bilancio con un voto contrario", timestamp: null }],
        actionItems: [{ task: "Inviare il verbale", owner: "Anna Neri", due: "entro venerdì", timestamp: "00:05" }],
      })
    ).json();
    expect(body.analysis).toMatchObject({
      topics: [{ name: "Bilancio" }],
      decisions: [{ text: "Approvato il bilancio con un voto contrario", timestamp: null }],
      actionItems: [{ task: "Inviare il verbale", owner: "Anna Neri", due: "entro venerdì" }],
    });
  });

  it("keeps HTML in edits as text, never markup", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const evil = `<script>alert("x")</script><b>Bianchi</b>`;
    const body = await (await patch(user.token, t.id, { title: evil, segments: [{ position: 0, text: evil }] })).json();
    expect(body.transcription.title).toBe(evil);
    expect(body.transcription.segments[0].text).toBe(evil);
    const docx = await (await import("~/services/docx-report.server")).buildDocx(await getTranscriptionDetail(t.id, { userId: user.id }));
    const xml = readZip(docx).get("word/document.xml")!.toString("utf8");
    expect(xml).toContain("&lt;script&gt;");
    expect(xml).not.toContain("<script>");
  });

  it.each([
    ["an empty title", { title: "   " }, "Il titolo non può essere vuoto."],
    ["an unknown position", { segments: [{ position: 99, text: "x" }] }, "Il segmento 99 non esiste in questa trascrizione."],
    [
      "a segment over 20,000 characters",
      { segments: [{ position: 0, text: "a".repeat(20_001) }] },
      "Il testo di un segmento può avere al massimo 20.000 caratteri.",
    ],
    ["an empty segment", { segments: [{ position: 0, text: " " }] }, "Il testo del segmento non può essere vuoto."],
    ["a wrong type", { title: 12 }, "Dati non validi."],
    ["a position that is not a number", { segments: [{ position: "0", text: "x" }] }, "Dati non validi."],
    ["an unknown field", { colour: "red" }, "Dati non validi."],
    ["a body that is not an object", [1, 2], "Dati non validi."],
    ["an unknown speaker to rename", { speakers: [{ from: "Nessuno", to: "Qualcuno" }] }, "Nessun segmento ha il relatore «Nessuno»."],
    [
      "a valid change beside a bad one",
      { title: "Nuovo titolo", segments: [{ position: 99, text: "x" }] },
      "Il segmento 99 non esiste in questa trascrizione.",
    ],
  ])("refuses %s with a clear Italian 400 and changes nothing", async (_name, body, message) => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const before = await snapshot(t.id, user.id);
    const response = await patch(user.token, t.id, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message });
    expect(await snapshot(t.id, user.id)).toEqual(before);
  });

  it("answers 404 for another user's transcription and 409 while the pipeline still runs, changing nothing", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const t = await seed(owner.id);
    const before = await snapshot(t.id, owner.id);
    const foreign = await patch(other.token, t.id, { title: "Mio" });
    expect(foreign.status).toBe(404);
    expect((await patch(other.token, "non-un-id", { title: "Mio" })).status).toBe(404);
    expect(await snapshot(t.id, owner.id)).toEqual(before);

    const running = await seed(owner.id, { status: "PROCESSING" });
    const busy = await patch(owner.token, running.id, { title: "Troppo presto" });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({
      success: false,
      message: "La trascrizione è ancora in elaborazione: potrai modificarla quando sarà completata.",
    });
    const [row] = await getSql()`select title from transcriptions where id = ${running.id}`;
    expect(row.title).toBe(running.title);
  });
});
