import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { docxText, readZip } from "../support/docx";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";

/**
 * Correct before sending (issue 16): a segment's text and its speaker corrected on the result
 * page, the speaker renamed everywhere, the Word document made before the edit regenerated with
 * both; the same forms without JavaScript.
 */

const storageDir = path.join(E2E.dataDir, "storage");

test("edit a segment and a speaker, rename the speaker, and the regenerated Word document has both", async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  const t = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  await page.goto(`/transcription/${t.id}`);

  // A document generated before the edit.
  await page.getByRole("button", { name: "Genera Documento Word" }).click();
  await expect(page.getByTestId("download-document")).toBeVisible();

  // Keyboard: open the transcript, reach the second segment's "Modifica" and press Enter.
  await page.getByText("Trascrizione completa").click();
  const edit = page.getByRole("link", { name: /^Modifica il segmento delle/ }).nth(1);
  await edit.focus();
  await page.keyboard.press("Enter");
  const editor = page.getByTestId("segment-editor");
  await expect(editor.getByLabel("Testo del segmento")).toBeFocused();
  await editor.getByLabel("Relatore").fill("Relatore 1");
  await editor.getByLabel("Testo del segmento").fill("Il fatturato della ditta Bianchi è cresciuto del dodici per cento.");
  await editor.getByRole("button", { name: "Salva", exact: true }).click();

  const second = page.getByTestId("segment").nth(1);
  await expect(second).toContainText("Relatore 1: Il fatturato della ditta Bianchi è cresciuto del dodici per cento.");
  await expect(second.getByTestId("segment-edited")).toBeVisible();
  await expect(page.getByTestId("toast").filter({ hasText: "Modifiche salvate." })).toBeVisible();
  await expect(page.getByTestId("edited-by")).toContainText(`Modificato da ${user.name}`);

  // Rename the speaker: everywhere in the transcription.
  await page.getByRole("textbox", { name: "Nuovo nome per Relatore 1" }).fill("Anna Neri");
  await page.getByTestId("speaker-rename").getByRole("button", { name: "Rinomina" }).click();
  await expect(page.getByTestId("segment").nth(1)).toContainText("Anna Neri: Il fatturato della ditta Bianchi");

  // The old document is stale; downloading regenerates it with both corrections.
  await expect(page.getByTestId("document-stale")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-document").click()]);
  const xml = readZip(fs.readFileSync(await download.path()))
    .get("word/document.xml")!
    .toString("utf8");
  const text = docxText(xml);
  expect(text).toContain("Anna Neri: Il fatturato della ditta Bianchi è cresciuto del dodici per cento.");
  // The transcript no longer has the engine's line (the key point's quote of it is the minutes').
  expect(text.split("Trascrizione completa").at(-1)).not.toContain(t.segments[1].text);

  // Ripristina originale: the engine's text comes back.
  await page.reload();
  await page.getByTestId("restore-all").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Testo originale ripristinato." })).toBeVisible();
  await page.getByText("Trascrizione completa").click();
  await expect(page.getByTestId("segment").nth(1)).toContainText(t.segments[1].text);
});

test("without JavaScript the title and a decision are corrected through plain forms", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const user = await createUser({ plan: "FREE_BASIC" });
  const t = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  const page = await context.newPage();
  await page.goto(`/transcription/${t.id}`);
  await page.getByTestId("edit-title").click();
  await page.getByLabel("Titolo", { exact: true }).fill("Bilancio <b>2025</b>");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByTestId("transcription-title")).toHaveText("Bilancio <b>2025</b>");

  await page.getByTestId("edit-decisions").click();
  await page.getByLabel("Una voce per riga.").fill("[00:02] Approvato il bilancio con un astenuto");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByTestId("decision")).toHaveText(["00:02Approvato il bilancio con un astenuto"]);

  // An empty title is refused in Italian, nothing changes.
  await page.getByTestId("edit-title").click();
  await page.getByLabel("Titolo", { exact: true }).evaluate((input: HTMLInputElement) => input.removeAttribute("required"));
  await page.getByLabel("Titolo", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByTestId("edit-error")).toHaveText("Il titolo non può essere vuoto.");
  await page.goto(`/transcription/${t.id}`);
  await expect(page.getByTestId("transcription-title")).toHaveText("Bilancio <b>2025</b>");
  await context.close();
});
