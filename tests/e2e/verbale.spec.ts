import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { docxText, readZip } from "../support/docx";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";
import { makeItalianWav } from "./support/speech";

/**
 * A verbale, not a report (issue 31), the meeting details' part: «Dati della riunione» filled on
 * /record (checked before the recording starts), carried with the recording to the result page,
 * and edited there, with and without JavaScript. (Minutes whose topics follow the agenda come from
 * the engines' alignment; this spec checks what the page does with the agenda it is given.)
 */

const storageDir = path.join(E2E.dataDir, "storage");

async function fillMeeting(page: Page, scope: "record" | "result", withAgenda = true) {
  const form = scope === "record" ? page.getByTestId("meeting-form") : page.getByTestId("meeting-editor");
  await form.getByLabel("Tipo di riunione").selectOption("condominio");
  await form.getByLabel("Data", { exact: true }).fill("2026-03-12");
  await form.getByLabel("Ora di inizio").fill("18:30");
  await form.getByLabel("Luogo").fill("Sala comune, via Roma 10");
  await form.getByLabel("Modalità").selectOption("presenza");
  await form.getByLabel("Presidente").fill("Mario Rossi");
  await form.getByLabel("Segretario").fill("Laura Bianchi");
  if (withAgenda) await form.getByLabel("Ordine del giorno").fill("Approvazione del bilancio\nRifacimento della facciata");
  return form;
}

test("fills «Dati della riunione» on /record, is stopped at a bad field, records and finds the details on the result page", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await page.goto("/record");

  // Collapsed by default.
  const form = page.getByTestId("meeting-form");
  await expect(form.getByLabel("Luogo")).toBeHidden();
  await page.getByTestId("meeting-toggle").click();
  await fillMeeting(page, "record");
  await form.getByLabel("Presenti").fill("Mario Rossi, presidente, 120\nLaura Bianchi, 85\nGino Neri, condomino, tanti");

  // Bad millesimi: nothing starts, the error sits at its field, which has the focus.
  await page.getByTestId("recorder-start").click();
  await expect(form.getByTestId("meeting-field-error")).toHaveText("Presenti: i millesimi della persona 3 devono essere un numero positivo o zero.");
  await expect(form.getByLabel("Presenti")).toBeFocused();
  await expect(form.getByLabel("Presenti")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("recorder")).toHaveAttribute("data-status", "idle");

  await form.getByLabel("Presenti").fill("Mario Rossi, presidente, 120\nLaura Bianchi, 85\nGino Neri, condomino, 40");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
  await expect(form.getByTestId("meeting-field-error")).toHaveCount(0);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:03", { timeout: 10_000 });
  await page.getByTestId("recorder-stop").click();
  await page.getByTestId("confirm-send").click();

  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 150_000 });
  const details = page.getByTestId("meeting-details");
  await expect(details).toContainText("Assemblea di condominio");
  await expect(details).toContainText("12 marzo 2026");
  await expect(details).toContainText("18:30");
  await expect(details).toContainText("Sala comune, via Roma 10");
  await expect(details).toContainText("In presenza");
  await expect(details).toContainText("Mario Rossi, presidente — 120 millesimi");
  await expect(details).toContainText("Totale: 245 millesimi");
  await expect(page.getByTestId("meeting-agenda").getByRole("listitem")).toHaveText(["Approvazione del bilancio", "Rifacimento della facciata"]);
  // The minutes item by item of the agenda.
  await expect(page.getByTestId("agenda-item").getByRole("heading", { level: 3 })).toHaveText([
    "1. Approvazione del bilancio",
    "2. Rifacimento della facciata",
  ]);

  // The engine followed the agenda: its topics are the items, in order, named as given.
  const id = page.url().split("/").at(-1)!;
  const api = await page.request.get(`/api/transcription/${id}`);
  const body = (await api.json()) as { analysis: { topics: { name: string; agendaItem?: number | null }[] } };
  const onAgenda = body.analysis.topics.filter((topic) => topic.agendaItem);
  expect(onAgenda.map((topic) => [topic.agendaItem, topic.name])).toEqual([
    [1, "Approvazione del bilancio"],
    [2, "Rifacimento della facciata"],
  ]);

  // And the Word document is the verbale of a condominium's assembly.
  await page.getByRole("button", { name: "Genera Documento Word" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-document").click()]);
  const text = docxText(
    readZip(fs.readFileSync(await download.path()))
      .get("word/document.xml")!
      .toString("utf8"),
  );
  expect(text).toContain("Verbale dell'assemblea del condominio");
  expect(text).toContain("Sala comune, via Roma 10");
  const order = ["Ordine del giorno", "Approvazione del bilancio", "Rifacimento della facciata", "Il Presidente", "Il Segretario"].map((part) =>
    text.indexOf(part),
  );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test("a recording started offline still carries its «Dati della riunione» when the server opens it later", async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  // The first POST /api/recordings is lost (no network at the start); the uploader opens it later.
  let opened = 0;
  await page.route("**/api/recordings", async (route) => {
    opened += 1;
    if (opened === 1) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await page.goto("/record");
  await page.getByTestId("meeting-toggle").click();
  const form = page.getByTestId("meeting-form");
  await form.getByLabel("Luogo").fill("Sede di Torino");
  await form.getByLabel("Ordine del giorno").fill("Budget 2027");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
  await expect.poll(() => opened, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:03", { timeout: 10_000 });
  await page.getByTestId("recorder-stop").click();
  await page.getByTestId("confirm-send").click();
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId("meeting-details")).toContainText("Sede di Torino");
  await expect(page.getByTestId("meeting-agenda").getByRole("listitem")).toHaveText(["Budget 2027"]);
});

test("uploads a file with «Dati della riunione»: a bad time stops the upload, the fixed details reach the result page", async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  const wav = makeItalianWav(path.join(E2E.dir, "upload-verbale.wav"));
  await page.goto("/record");
  await page.getByTestId("meeting-toggle").click();
  const form = page.getByTestId("meeting-form");
  await form.getByLabel("Luogo").fill("Aula magna");
  await form.getByLabel("Ordine del giorno").fill("Andamento della classe\nGita di primavera");
  // A time that does not exist, typed where the browser's time picker is not in the way.
  await form.getByLabel("Ora di fine").evaluate((input: HTMLInputElement) => (input.type = "text"));
  await form.getByLabel("Ora di fine").fill("25:00");
  await page.getByTestId("file-input").setInputFiles(wav);
  await expect(form.getByTestId("meeting-field-error")).toHaveText("Ora di fine non valida: indica un'ora esistente nel formato OO:MM.");
  await expect(page.getByTestId("recorder")).toHaveAttribute("data-status", "idle");

  await form.getByLabel("Ora di fine").fill("");
  await form.getByLabel("Tipo di riunione").selectOption("consiglio-classe");
  await page.getByTestId("file-input").setInputFiles(wav);
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId("meeting-details")).toContainText("Consiglio di classe");
  await expect(page.getByTestId("meeting-details")).toContainText("Aula magna");
  await expect(page.getByTestId("meeting-agenda").getByRole("listitem")).toHaveText(["Andamento della classe", "Gita di primavera"]);
});

test("edits the details on the result page; a new agenda re-makes the minutes, after asking when they were corrected by hand", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  const t = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  await page.goto(`/transcription/${t.id}`);

  const section = page.getByTestId("meeting-section");
  await expect(section).toContainText("Nessun dato della riunione");
  await section.getByText("Modifica i dati della riunione").click();
  const editor = page.getByTestId("meeting-editor");
  // A date that does not exist, typed into a browser without a date picker's help, is refused.
  await editor.getByLabel("Data", { exact: true }).evaluate((input: HTMLInputElement) => (input.type = "text"));
  await editor.getByLabel("Data", { exact: true }).fill("2026-02-30");
  await editor.getByLabel("Luogo").fill("Ufficio di Milano");
  await editor.getByRole("button", { name: "Salva i dati della riunione", exact: true }).click();
  await expect(editor.getByTestId("meeting-field-error")).toHaveText(
    "Data della riunione non valida: indica una data esistente nel formato AAAA-MM-GG.",
  );
  // What was typed is still there.
  await expect(editor.getByLabel("Luogo")).toHaveValue("Ufficio di Milano");
  await page.goto(`/transcription/${t.id}`);
  await expect(section).toContainText("Nessun dato della riunione");

  // Details without an agenda: saved, the minutes stay.
  await section.getByText("Modifica i dati della riunione").click();
  await editor.getByLabel("Luogo").fill("Ufficio di Milano");
  await editor.getByLabel("Presidente").fill("Anna Neri");
  await editor.getByRole("button", { name: "Salva i dati della riunione", exact: true }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Dati della riunione salvati." })).toBeVisible();
  await expect(page.getByTestId("meeting-details")).toContainText("Ufficio di Milano");
  await expect(page.getByTestId("meeting-details")).toContainText("Anna Neri");
  await expect(page.getByTestId("transcription-title")).toHaveText(t.title);

  // The minutes corrected by hand, then an agenda: the page asks first.
  await page.getByTestId("edit-title").click();
  await page.getByLabel("Titolo", { exact: true }).fill("Titolo corretto a mano");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(page.getByTestId("transcription-title")).toHaveText("Titolo corretto a mano");
  await section.getByText("Modifica i dati della riunione").click();
  await editor.getByLabel("Ordine del giorno").fill("Bilancio del trimestre\nNuovo sito web");
  await editor.getByRole("button", { name: "Salva i dati della riunione", exact: true }).click();
  const confirm = page.getByTestId("meeting-confirm");
  await expect(confirm).toContainText("Rifare il verbale?");
  await expect(page.getByTestId("meeting-agenda")).toHaveCount(0);
  await confirm.getByRole("button", { name: "Rifai il verbale", exact: true }).click();

  // Re-made by the analyzer with the agenda: the progress, then the minutes item by item.
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("transcription-title")).not.toHaveText("Titolo corretto a mano");
  await expect(page.getByTestId("meeting-agenda").getByRole("listitem")).toHaveText(["Bilancio del trimestre", "Nuovo sito web"]);
  await expect(page.getByTestId("agenda-item").getByRole("heading", { level: 3 }).first()).toHaveText("1. Bilancio del trimestre");
  await expect(page.getByTestId("meeting-details")).toContainText("Anna Neri");
});

test("the details form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const user = await createUser({ plan: "FREE_BASIC" });
  const t = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  const page = await context.newPage();
  await page.goto(`/transcription/${t.id}`);
  await page.getByTestId("meeting-section").getByText("Modifica i dati della riunione").click();
  // No agenda here: a new agenda re-makes the minutes, which the test above follows.
  await fillMeeting(page, "result", false);
  await page.getByTestId("meeting-editor").getByLabel("Assenti").fill("Giulia Verdi, 40");
  await page.getByRole("button", { name: "Salva i dati della riunione", exact: true }).click();
  const details = page.getByTestId("meeting-details");
  await expect(details).toContainText("Assemblea di condominio");
  await expect(details).toContainText("Giulia Verdi — 40 millesimi");
  await expect(details).toContainText("Laura Bianchi");
  await context.close();
});
