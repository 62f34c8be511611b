import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";

/**
 * What a picky user notices (issue 22): dialogs dim the whole window, the result page on a phone
 * puts the actions and a sticky player before the transcript, and a browser recording's player
 * knows its length before it plays.
 */

const storageDir = path.join(E2E.dataDir, "storage");

/** The dimmed area of an open dialog covers the window edge to edge, and a corner click lands on it. */
async function expectCoversViewport(page: Page, overlay: Locator) {
  const viewport = page.viewportSize()!;
  const box = (await overlay.boundingBox())!;
  expect(box.x).toBeLessThanOrEqual(0);
  expect(box.y).toBeLessThanOrEqual(0);
  expect(box.x + box.width).toBeGreaterThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height);
  const corners = await overlay.evaluate(
    (el, { w, h }) =>
      [
        [2, 2],
        [w - 3, 2],
        [2, h - 3],
        [w - 3, h - 3],
      ].map(([x, y]) => el.contains(document.elementFromPoint(x, y))),
    {
      w: viewport.width,
      h: viewport.height,
    },
  );
  expect(corners).toEqual([true, true, true, true]);
}

test("dialogs cover the whole window at 1440 and 375 px, and toasts stay inside them", async ({ page, context }) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/");
    await page.getByTestId("login-button").click();
    const dialog = page.getByRole("dialog", { name: "Accedi a Verbale" });
    await expect(dialog).toBeVisible();
    await expectCoversViewport(page, page.getByTestId("auth-modal-overlay"));
    // A wrong password: the error toast shows above the dialog, not behind its overlay.
    await dialog.getByLabel("Email").fill("nessuno@esempio.it");
    await dialog.getByLabel("Password", { exact: true }).fill("sbagliata1");
    await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
    const toast = page.getByTestId("toast").first();
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((el) => el.closest("dialog") !== null)).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    const close = (await dialog.getByRole("button", { name: "Chiudi", exact: true }).boundingBox())!;
    // The toast does not cover the dialog's close button.
    expect(
      toastBox.y > close.y + close.height ||
        toastBox.y + toastBox.height < close.y ||
        toastBox.x > close.x + close.width ||
        toastBox.x + toastBox.width < close.x,
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  const admin = await createUser({ role: "ADMIN", plan: null, name: "Amministratrice Dialoghi" });
  await signIn(context, admin);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/dashboard/users?modal=create");
    await expect(page.getByRole("dialog", { name: "Nuovo utente" })).toBeVisible();
    await expectCoversViewport(page, page.locator("dialog[open]"));
  }
});

test("result page on a phone: actions before the transcript, the player stays in sight", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  const done = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/transcription/${done.id}`);

  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  const generate = page.getByTestId("generate-document");
  const exports = page.getByRole("heading", { name: "Esporta la trascrizione" });
  const summary = page.getByTestId("summary");
  const transcript = page.getByText("Trascrizione completa");
  expect(await top(generate)).toBeLessThan(await top(summary));
  expect(await top(exports)).toBeLessThan(await top(summary));
  expect(await top(summary)).toBeLessThan(await top(transcript));

  // A time clicked at the bottom of the transcript plays in a player that is on screen.
  await transcript.click();
  const last = page.getByTestId("segment").last();
  await last.scrollIntoViewIfNeeded();
  await last.getByTestId("timestamp").click();
  await expect(page.getByTestId("audio-player")).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.getByTestId("audio-player").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);

  // On a desktop the actions are beside the minutes, not above them.
  await page.setViewportSize({ width: 1440, height: 900 });
  const actionsBox = (await page.getByTestId("document-actions").boundingBox())!;
  const summaryBox = (await summary.boundingBox())!;
  expect(actionsBox.x).toBeGreaterThan(summaryBox.x + summaryBox.width);
});

test("a browser recording's player knows its total length before it plays", async ({ page, context }) => {
  test.setTimeout(180_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await page.goto("/record");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:04", { timeout: 10_000 });
  await page.getByTestId("recorder-stop").click();
  await page.getByTestId("confirm-send").click();
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 150_000 });

  const audio = page.getByTestId("audio-player");
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const state = await audio.evaluate((a: HTMLAudioElement) => ({ duration: a.duration, played: a.played.length, paused: a.paused }));
  // Not Infinity or NaN (what the player shows as "0:00" with no total): the stored webm has its length.
  expect(state.played).toBe(0);
  expect(state.paused).toBe(true);
  expect(Number.isFinite(state.duration)).toBe(true);
  expect(state.duration).toBeGreaterThan(3);
  expect(state.duration).toBeLessThan(15);
});
