import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { action as emailAction } from "~/routes/api.document.$id.email";
import { loader as documentLoader } from "~/routes/api.document.$id";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { closeMailTransport } from "~/services/mail.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { docxText, readZip } from "../support/docx";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { seedCompletedTranscription } from "../support/transcriptions";
import { fullMeeting } from "../support/verbale-fixtures";

/** The stored verbale follows the transcription's meeting details, and the e-mail carries it (issue 31). */

useTestDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  setConfigForTests({ SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
});
afterAll(async () => {
  closeMailTransport();
  await smtp.stop();
});

const args = (request: Request, id: string) => ({ request, params: { id }, context: {} }) as never;
const textOf = (bytes: Buffer) => docxText(readZip(bytes).get("word/document.xml")!.toString("utf8"));

describe("the stored verbale", () => {
  it("is built with the meeting details, rebuilt when they change, and attached to the e-mail as downloaded", async () => {
    const user = await createTestUser();
    const t = await seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), user.id);
    const meeting = { ...fullMeeting("condominio"), agenda: ["Bilancio trimestrale", "Nuovo sito web"] };
    await getDb().update(transcriptions).set({ meeting }).where(eq(transcriptions.id, t.id));
    await ensureDocument(t.id, { userId: user.id }, { create: true });
    const download = async () =>
      Buffer.from(await (await documentLoader(args(apiRequest(`/api/document/${t.id}`, { token: user.token }), t.id))).arrayBuffer());

    const first = textOf(await download());
    expect(first.split("\n")[0]).toBe("Verbale dell'assemblea del condominio del 12 marzo 2026");
    expect(first).toContain("Ordine del giorno\nBilancio trimestrale\nNuovo sito web\nPresenti");
    // Older minutes without agendaItem: the topics are found by name, the decision by its minute.
    expect(first).toContain(`1. Bilancio trimestrale\nDiscussione\n`);
    expect(first).toContain(`Deliberazione\n[${t.decisions[0].timestamp}] ${t.decisions[0].text}\n2. Nuovo sito web`);
    expect(first).toMatch(/Varie ed eventuali\nDiscussione\n\[\d\d:\d\d\] Prossima riunione lunedì alle dieci/);

    await getDb()
      .update(transcriptions)
      .set({ meeting: { ...meeting, type: "soci", endTime: "20:10" } })
      .where(eq(transcriptions.id, t.id));
    const bytes = await download();
    const second = textOf(bytes);
    expect(second.split("\n")[0]).toBe("Verbale dell'assemblea dei soci del 12 marzo 2026");
    expect(second).toContain("il Presidente dichiara chiusa l'assemblea alle ore 20:10.");

    const sent = await emailAction(
      args(apiRequest(`/api/document/${t.id}/email`, { token: user.token, method: "POST", body: { email: "soci@esempio.it" } }), t.id),
    );
    expect(sent.status).toBe(200);
    const mail = await smtp.waitForMessage("soci@esempio.it");
    expect(mail.parsed.attachments).toHaveLength(1);
    expect(mail.parsed.attachments[0].content.equals(bytes)).toBe(true);
    expect(textOf(mail.parsed.attachments[0].content).split("\n")[0]).toBe("Verbale dell'assemblea dei soci del 12 marzo 2026");
  });
});
