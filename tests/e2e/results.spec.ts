import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { docxTables, docxText, readZip } from "../support/docx";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";
import { countMail, waitForMail } from "./support/mail";

/**
 * The result page and the recordings list on transcriptions seeded as the pipeline leaves them
 * (real espeak-ng audio in storage): transcript, seeking, document, e-mail, search and delete.
 */

const storageDir = path.join(E2E.dataDir, "storage");

test("result page: transcript, seek, document, e-mail; recordings: search and delete with usage", async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  const budget = await seedCompletedTranscription(db(), storageDir, user.id, { createdAt: new Date(Date.now() - 60_000) });
  const marketing = await seedCompletedTranscription(db(), storageDir, user.id, {
    title: "Campagna estiva",
    sentences: ["Oggi parliamo della campagna pubblicitaria per l'estate.", "Le vendite online sono aumentate grazie ai social network."],
  });
  await signIn(context, user);

  // ---- result page
  await page.goto(`/transcription/${budget.id}`);
  await expect(page.getByTestId("transcription-title")).toHaveText(budget.title);
  await expect(page.getByTestId("summary")).toHaveText(budget.summary);
  // Spec 2.6: words = length / 5, 'Dettagliato' over 200 characters, paragraphs = length / 100.
  expect(budget.summary.length).toBe(234);
  await expect(page.getByTestId("summary-figures")).toContainText("~47 parole");
  await expect(page.getByTestId("summary-figures")).toContainText("2 paragrafi");
  await expect(page.getByTestId("summary-figures")).toContainText("Dettagliato");
  await expect(page.getByTestId("topic")).toHaveCount(budget.topics.length);
  await expect(page.getByTestId("topic").nth(1)).toContainText("Lancio previsto per la fine di marzo");

  // The minutes: what was decided, who must do what by when.
  await expect(page.getByRole("heading", { name: "Decisioni" })).toBeVisible();
  await expect(page.getByTestId("decision")).toHaveText([`${budget.decisions[0].timestamp}${budget.decisions[0].text}`]);
  await expect(page.getByRole("heading", { name: "Azioni da fare" })).toBeVisible();
  const actions = page.getByTestId("action-item");
  await expect(actions).toHaveCount(2);
  await expect(actions.first()).toContainText(budget.actionItems[0].task);
  await expect(actions.first()).toContainText("Marco Bianchi");
  await expect(actions.first()).toContainText("entro la fine di marzo");
  // Each key point once: the seeded excerpt that repeats nothing shows, no point is printed twice.
  await expect(page.getByTestId("key-point").filter({ hasText: "Lancio previsto per la fine di marzo" })).toHaveCount(1);

  // The transcript is collapsed until opened.
  const segments = page.getByTestId("segment");
  await expect(segments.first()).toBeHidden();
  await page.getByText("Trascrizione completa").click();
  await expect(segments).toHaveCount(budget.segments.length);
  await expect(segments.nth(3)).toContainText(budget.segments[3].text);

  // Clicking a segment's timestamp seeks the player there and highlights the segment playing.
  const audio = page.getByTestId("audio-player");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const target = budget.segments[3];
  await segments.nth(3).getByTestId("timestamp").click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(target.start - 0.05);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(target.end + 1);
  await expect(segments.nth(3)).toHaveAttribute("data-active", "true");
  await expect(page.locator('[data-testid="segment"][data-active="true"]')).toHaveCount(1);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  // A key point's timestamp seeks too.
  const firstPoint = page.getByTestId("key-point").first().getByTestId("timestamp");
  const pointSeconds = Number(await firstPoint.getAttribute("data-seconds"));
  await firstPoint.click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.floor(a.currentTime))).toBeGreaterThanOrEqual(pointSeconds);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  // Generate, then download the Word document.
  await expect(page.getByRole("button", { name: "Scarica Documento" })).toHaveCount(0);
  await page.getByRole("button", { name: "Genera Documento Word" }).click();
  const downloadLink = page.getByTestId("download-document");
  await expect(downloadLink).toHaveText("Scarica Documento");
  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toBe(`${budget.title}.docx`);
  const docx = fs.readFileSync(await download.path());
  const text = docxText(readZip(docx).get("word/document.xml")!.toString("utf8"));
  expect(text).toContain(budget.title);
  expect(text).toContain(budget.summary);
  expect(text).toContain(budget.segments[4].text);
  // A verbale (issue 31): decisions and actions under the item discussed at their minute.
  expect(text).toContain(`Deliberazione\n[${budget.decisions[0].timestamp}] ${budget.decisions[0].text}`);
  expect(docxTables(readZip(docx).get("word/document.xml")!.toString("utf8")).slice(0, 2)).toEqual([
    [
      ["Attività", "Responsabile", "Scadenza", "Minuto"],
      [budget.actionItems[0].task, "Marco Bianchi", "entro la fine di marzo", budget.actionItems[0].timestamp],
    ],
    [
      ["Attività", "Responsabile", "Scadenza", "Minuto"],
      [budget.actionItems[1].task, "—", "—", budget.actionItems[1].timestamp],
    ],
  ]);

  // Send it by e-mail: validation first, then the real delivery.
  await page.getByTestId("email-section").locator("summary").click();
  const form = page.getByTestId("email-form");
  await expect(form.getByLabel("Oggetto")).toHaveValue("Riassunto della riunione");
  await form.getByLabel("Indirizzo email").fill("non-una-email");
  await form.getByRole("button", { name: "Invia via Email" }).click();
  await expect(form.getByText("Inserisci un indirizzo email valido")).toBeVisible();
  const to = `destinatario-${budget.id.slice(0, 8)}@esempio.it`;
  const before = await countMail(to);
  await form.getByLabel("Indirizzo email").fill(to);
  await form.getByLabel("Oggetto").fill("Verbale della riunione sul bilancio");
  await form.getByRole("button", { name: "Invia via Email" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Email inviata con successo!" })).toBeVisible();
  await expect(form.getByLabel("Indirizzo email")).toHaveValue("");
  const mail = await waitForMail(to, { after: before });
  expect(mail.subject).toBe("Verbale della riunione sul bilancio");
  expect(mail.text).toContain(`Decisioni:\n- ${budget.decisions[0].text}`);
  expect(mail.text).toContain(`- ${budget.actionItems[0].task} (responsabile: Marco Bianchi; scadenza: entro la fine di marzo)`);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0].filename).toBe(`${budget.title}.docx`);
  expect(Buffer.compare(mail.attachments[0].content, docx)).toBe(0);

  // ---- recordings list
  await page.goto("/recordings");
  const cards = page.getByTestId("recording-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Campagna estiva");
  await expect(cards.first().getByTestId("status-badge")).toHaveText("Completata");
  const recordingsBar = page.getByTestId("usage-bar").filter({ hasText: "Registrazioni" });
  await expect(recordingsBar).toContainText(/^Registrazioni\s*2 \//);

  // Full-text search with highlighted matches ("vendita" finds "vendite").
  await page.getByRole("searchbox").fill("vendita");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Campagna estiva");
  await expect(cards.first().getByTestId("search-match")).toHaveText("vendite");
  await page.getByRole("searchbox").fill("");
  await expect(cards).toHaveCount(2);

  // Delete with confirmation: the card goes and the usage drops.
  await cards
    .filter({ hasText: budget.title })
    .getByRole("link", { name: /^Elimina/ })
    .click();
  const dialog = page.getByTestId("confirm-delete");
  await expect(dialog).toContainText(budget.title);
  await dialog.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Trascrizione eliminata con successo" })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(recordingsBar).toContainText(/^Registrazioni\s*1 \//);
  expect(fs.existsSync(path.join(storageDir, budget.audioKey))).toBe(false);

  // The deleted one is gone for good; the other one still opens.
  await page.goto(`/transcription/${budget.id}`);
  await expect(page.getByTestId("transcription-error")).toContainText("Impossibile caricare la trascrizione.");
  await expect(page.getByRole("link", { name: "Torna alla registrazione" })).toHaveAttribute("href", "/record");
  await page.goto(`/transcription/${marketing.id}`);
  await expect(page.getByTestId("transcription-title")).toHaveText("Campagna estiva");
});

test("recordings without JavaScript: search and delete still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const user = await createUser({ plan: "FREE_BASIC" });
  const kept = await seedCompletedTranscription(db(), storageDir, user.id, {
    title: "Campagna estiva",
    sentences: ["Le vendite online sono aumentate grazie ai social network."],
  });
  const removed = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  const page = await context.newPage();
  await page.goto("/recordings");
  const cards = page.getByTestId("recording-card");
  await expect(cards).toHaveCount(2);

  await page.getByRole("searchbox").fill("bilancio");
  await page.getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/\?q=bilancio/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId("search-match").first()).toHaveText(/bilancio/i);

  await cards
    .first()
    .getByRole("link", { name: /^Elimina/ })
    .click();
  await page.getByTestId("confirm-delete").getByRole("button", { name: "Elimina" }).click();
  await expect(page).toHaveURL(/\/recordings\?q=bilancio$/);
  await expect(page.getByTestId("recordings-empty")).toBeVisible();
  const [row] = await db()`select count(*)::int as n from transcriptions where id = ${removed.id}`;
  expect(row.n).toBe(0);
  await page.goto("/recordings");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-id", kept.id);

  // Past 24 recordings the list pages, with links that work without JavaScript.
  for (let i = 0; i < 24; i++) await seedCompletedTranscription(db(), storageDir, user.id, { createdAt: new Date(Date.now() + (i + 1) * 1000) });
  await page.goto("/recordings");
  await expect(cards).toHaveCount(24);
  const pages = page.getByTestId("recordings-pagination");
  await expect(pages).toContainText("Pagina 1 di 2");
  await pages.getByRole("link", { name: "Successiva" }).click();
  await expect(page).toHaveURL(/\/recordings\?page=2$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute("data-id", kept.id);
  await expect(pages).toContainText("Pagina 2 di 2");
  await context.close();
});
