import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { analyses, documents } from "~/db/schema";
import { action as documentAction, loader as documentLoader } from "~/routes/api.document.$id";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { buildDocx } from "~/services/docx-report.server";
import { contentDisposition } from "~/services/http-download.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { docxTables, docxText, readZip } from "../support/docx";
import { seedCompletedTranscription } from "../support/transcriptions";

useTestDatabase();

const seed = (userId: string, options = {}) => seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), userId, options);
const args = (request: Request, id: string) => ({ request, params: { id }, context: {} }) as never;

async function download(token: string, id: string): Promise<Response> {
  return documentLoader(args(apiRequest(`/api/document/${id}`, { token }), id));
}

describe("Word document", () => {
  it("generates a verbale with heading, subject, summary, every topic as an item with its key points and timestamps, and the transcript", async () => {
    const user = await createTestUser({ name: "Giulia Bianchi" });
    const t = await seed(user.id);

    const generated = await documentAction(args(apiRequest(`/api/document/${t.id}`, { token: user.token, method: "POST" }), t.id));
    expect(generated.status).toBe(200);
    expect(await generated.json()).toMatchObject({ success: true, documentPath: `/api/document/${t.id}` });

    const response = await download(user.token, t.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="Riunione sul bilancio trimestrale.docx"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(bytes.length);

    const zip = readZip(bytes);
    const xml = zip.get("word/document.xml")!.toString("utf8");
    const text = docxText(xml);
    // Without meeting details: the verbale of a «Riunione di lavoro», with blanks to fill by hand (issue 31).
    expect(text.split("\n").slice(0, 2)).toEqual(["Verbale della riunione del ____________", t.title]);
    expect(text).toContain(t.summary);
    expect(text).toMatch(/Durata: 00:\d\d/);
    // The topics found are the items, in order, each with its key points.
    expect(text).toContain(`Argomenti trattati\n${t.topics.map((topic) => topic.name).join("\n")}\nPresenti`);
    t.topics.forEach((topic, i) => {
      expect(text).toContain(`${i + 1}. ${topic.name}\nDiscussione`);
      for (const point of topic.keyPoints) expect(text).toContain(typeof point === "string" ? point : point.point);
    });
    // Key points carry their mm:ss timestamps, the transcript every segment with its own.
    expect(text).toContain(
      `[${(t.topics[1].keyPoints[1] as { estimatedTimestamp: string }).estimatedTimestamp}] Lancio previsto per la fine di marzo`,
    );
    for (const s of t.segments) {
      const stamp = `${String(Math.floor(s.start / 60)).padStart(2, "0")}:${String(Math.floor(s.start % 60)).padStart(2, "0")}`;
      expect(text).toContain(`[${stamp}] ${s.text}`);
    }
    // Decisions and actions under the topic under discussion at their minute.
    expect(text).toContain(`1. ${t.topics[0].name}\nDiscussione\n`);
    expect(text).toContain(`Deliberazione\n[${t.decisions[0].timestamp}] ${t.decisions[0].text}\n2. ${t.topics[1].name}`);
    expect(docxTables(xml)).toEqual([
      [
        ["Attività", "Responsabile", "Scadenza", "Minuto"],
        [t.actionItems[0].task, "Marco Bianchi", "entro la fine di marzo", t.actionItems[0].timestamp],
      ],
      [
        ["Attività", "Responsabile", "Scadenza", "Minuto"],
        [t.actionItems[1].task, "—", "—", t.actionItems[1].timestamp],
      ],
      [
        ["Il Presidente", "Il Segretario"],
        ["____________", "____________"],
        ["_________________________", "_________________________"],
      ],
    ]);
    // Real heading styles (navigation pane) and a TOC field over levels 1-2, with its entries written.
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect(xml.match(/<w:pStyle w:val="Heading1"\/>/g)?.length).toBe(6);
    expect(xml.match(/<w:pStyle w:val="Heading2"\/>/g)?.length).toBe(t.topics.length);
    expect(xml).toContain("TOC \\h \\o &quot;1-2&quot;");
    const styles = zip.get("word/styles.xml")!.toString("utf8");
    expect(styles).toMatch(/<w:lang w:val="it-IT"/);
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="Heading1">[\s\S]*?<w:outlineLvl w:val="0"\/>/);
    const core = zip.get("docProps/core.xml")!.toString("utf8");
    expect(core).toContain(`<dc:title>${t.title}</dc:title>`);
    expect(core).toContain("<dc:creator>Giulia Bianchi</dc:creator>");
    expect(core).toContain("<dc:language>it-IT</dc:language>");
  });

  it("prints a key point's excerpt only when it adds something, and says when nothing was decided", async () => {
    const user = await createTestUser();
    const t = await seed(user.id, {
      topics: () => [
        {
          name: "Bilancio",
          keyPoints: [
            { point: "Il fatturato è cresciuto del dieci per cento.", excerpt: "Il fatturato è cresciuto del dieci per cento." },
            { point: "Sito in ritardo", excerpt: "Il lancio del sito slitta di due settimane per i test." },
          ],
        },
      ],
      decisions: () => [],
      actionItems: () => [],
    });
    const text = docxText(
      readZip(await buildDocx(await getTranscriptionDetail(t.id, { userId: user.id })))
        .get("word/document.xml")!
        .toString("utf8"),
    );
    expect(text.split("Il fatturato è cresciuto del dieci per cento.").length - 1).toBe(1);
    expect(text).toContain("Sito in ritardo\n«Il lancio del sito slitta di due settimane per i test.»");
    expect(text).toContain("Deliberazione\nNessuna deliberazione.\nEsauriti gli argomenti da trattare");
    expect(text).not.toContain("Azioni da fare");
  });

  it("reuses the stored file while the analysis is unchanged and rebuilds it when the analysis changes", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await ensureDocument(t.id, { userId: user.id }, { create: true });
    const first = Buffer.from(await (await download(user.token, t.id)).arrayBuffer());
    const again = Buffer.from(await (await download(user.token, t.id)).arrayBuffer());
    expect(again.equals(first)).toBe(true);

    await getDb()
      .update(analyses)
      .set({ summary: "Riassunto aggiornato dopo la revisione del verbale.", updatedAt: sql`now() + interval '1 second'` as never })
      .where(eq(analyses.transcriptionId, t.id));
    const rebuilt = Buffer.from(await (await download(user.token, t.id)).arrayBuffer());
    const text = docxText(readZip(rebuilt).get("word/document.xml")!.toString("utf8"));
    expect(text).toContain("Riassunto aggiornato dopo la revisione del verbale.");
    expect(text).not.toContain(t.summary);
    const [row] = await getDb().select().from(documents).where(eq(documents.transcriptionId, t.id));
    const [analysis] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, t.id));
    expect(row.analysisVersion?.getTime()).toBe(analysis.updatedAt.getTime());
    expect(row.fileName).toBe(`documents/${t.id}.docx`);
  });

  it("answers 'Genera prima il documento.' before generation and 409 while the pipeline runs", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const response = await download(user.token, t.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "Genera prima il documento." });

    const running = await seed(user.id, { status: "PROCESSING" });
    const refused = await documentAction(args(apiRequest(`/api/document/${running.id}`, { token: user.token, method: "POST" }), running.id));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ success: false, message: "La trascrizione non è ancora completata." });
  });

  it("names the download document.docx without a title and keeps accents in filename*", async () => {
    const user = await createTestUser();
    const untitled = await seed(user.id, { title: "" });
    await getDb().update(analyses).set({ title: null }).where(eq(analyses.transcriptionId, untitled.id));
    await ensureDocument(untitled.id, { userId: user.id }, { create: true });
    const response = await download(user.token, untitled.id);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="document.docx"`);
    // The body still has a heading even without a title.
    const text = docxText(
      readZip(Buffer.from(await response.arrayBuffer()))
        .get("word/document.xml")!
        .toString("utf8"),
    );
    expect(text.split("\n").slice(0, 2)).toEqual(["Verbale della riunione del ____________", "Trascrizione della riunione"]);

    const accented = await seed(user.id, { title: 'Perché "qualità"/città: è ok' });
    await ensureDocument(accented.id, { userId: user.id }, { create: true });
    const header = (await download(user.token, accented.id)).headers.get("Content-Disposition")!;
    expect(header).toBe(
      `attachment; filename="Perch_ qualit_ citt_ _ ok.docx"; filename*=UTF-8''Perch%C3%A9%20qualit%C3%A0%20citt%C3%A0%20%C3%A8%20ok.docx`,
    );
    expect(contentDisposition('a\r\nb"c.docx', "x.docx")).toBe(`attachment; filename="a b c.docx"`);
  });

  it("escapes XML special characters in the document and its properties", async () => {
    const user = await createTestUser({ name: "Rossi & <Figli>" });
    const t = await seed(user.id, { title: "Costi <Q1> & ricavi" });
    const detail = await getTranscriptionDetail(t.id, { admin: true });
    const zip = readZip(await buildDocx(detail));
    expect(docxText(zip.get("word/document.xml")!.toString("utf8"))).toContain("Costi <Q1> & ricavi");
    const core = zip.get("docProps/core.xml")!.toString("utf8");
    expect(core).toContain("<dc:title>Costi &lt;Q1&gt; &amp; ricavi</dc:title>");
    expect(core).toContain("<dc:creator>Rossi &amp; &lt;Figli&gt;</dc:creator>");
  });
});
