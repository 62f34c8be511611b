import fs from "node:fs";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createUser, db, signIn } from "./support/db";
import { killBrowserOfProfile } from "./support/browser";
import { E2E } from "./support/env";

/**
 * A recording is never lost (issue 14): the fake microphone records, the page is reloaded, the
 * browser process killed, or the network cut; the recording is recovered or continues, and the
 * transcribed audio keeps what was recorded.
 */

test.setTimeout(180_000);

const timerSeconds = async (page: Page) => {
  const [m, s] = ((await page.getByTestId("recorder-timer").textContent()) ?? "00:00").split(":").map(Number);
  return m * 60 + s;
};

async function startRecording(page: Page) {
  await page.goto("/record");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
}

/** The transcription page, then COMPLETED; answers the decoded length the worker measured. */
async function completedDuration(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").pop()!;
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 120_000 });
  const [row] = await db()`select status, duration from transcriptions where id = ${id}`;
  expect(row.status).toBe("COMPLETED");
  return Number(row.duration);
}

async function sendRecovered(page: Page) {
  const card = page.getByTestId("recovered-recording");
  await expect(card.getByRole("heading", { name: "Registrazione recuperata" })).toBeVisible();
  await card.getByRole("button", { name: /^Invia/ }).click();
}

test("reload mid-recording: warned before leaving, recovered with date and duration, sent, nothing but the last seconds lost", async ({
  page,
  context,
}) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await startRecording(page);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:08", { timeout: 15_000 });
  await expect(page.getByTestId("upload-pending")).toHaveText("Audio salvato sul server man mano che registri.");

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  const recorded = await timerSeconds(page);
  await page.reload();
  expect(dialogs).toEqual(["beforeunload"]);

  const card = page.getByTestId("recovered-recording");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("recovered-date")).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  await expect(card.getByTestId("recovered-duration")).toHaveText(/^00:0[6-9]$/);
  // The server has the interrupted recording too, as the recordings list shows.
  await page.goto("/recordings");
  await expect(page.getByTestId("recovery-banner")).toContainText("Hai una registrazione non inviata.");
  await expect(page.getByTestId("recording-interrupted")).toBeVisible();
  await page.getByTestId("recovery-banner").getByRole("link", { name: "Recuperala" }).click();
  await expect(page).toHaveURL(/\/record$/);

  await sendRecovered(page);
  const duration = await completedDuration(page);
  expect(duration).toBeGreaterThanOrEqual(recorded - 5);
  expect(duration).toBeLessThanOrEqual(recorded + 2);
  // The browser copy is gone once the server confirmed: nothing left to recover.
  await page.goto("/record");
  await expect(page.getByTestId("recorder")).toBeVisible();
  await expect(page.getByTestId("recovered-recording")).toHaveCount(0);
});

test("browser process killed mid-recording: after a restart and a new sign-in the recording is recovered and sent", async ({
  browserName,
}, testInfo) => {
  test.skip(browserName !== "chromium");
  const profile = fs.mkdtempSync(path.join(E2E.dir, "profile-"));
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL: E2E.baseUrl,
      locale: "it-IT",
      timezoneId: "Europe/Rome",
    });
  const user = await createUser({ plan: "FREE_BASIC" });
  let context: BrowserContext = await launch();
  await signIn(context, user);
  let page = context.pages()[0] ?? (await context.newPage());
  await startRecording(page);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:07", { timeout: 15_000 });
  const recorded = await timerSeconds(page);

  killBrowserOfProfile(profile);
  await context.close().catch(() => {});

  context = await launch();
  try {
    await signIn(context, user);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/record");
    await expect(page.getByTestId("recovered-duration")).toHaveText(/^00:0[4-9]$/);
    await sendRecovered(page);
    const duration = await completedDuration(page);
    expect(duration).toBeGreaterThanOrEqual(recorded - 5);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("offline for 10 s mid-recording: the chunks wait, go up when the network is back, the final audio has no gap", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await startRecording(page);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:03", { timeout: 10_000 });
  await context.setOffline(true);
  await expect(page.getByTestId("upload-pending")).toHaveText(/^Connessione assente/);
  await page.waitForTimeout(10_000);
  // About 10 s of chunks are waiting in the browser.
  expect(Number(await page.getByTestId("upload-pending").getAttribute("data-pending"))).toBeGreaterThanOrEqual(8);
  await context.setOffline(false);
  await expect(page.getByTestId("upload-pending")).toHaveText("Audio salvato sul server man mano che registri.", { timeout: 20_000 });
  await page.waitForTimeout(2_000);
  await page.getByTestId("recorder-stop").click();
  const recorded = await timerSeconds(page);
  await page.getByTestId("confirm-send").click();
  const duration = await completedDuration(page);
  // Every second recorded is in the transcribed audio: no hole where the network was gone.
  expect(duration).toBeGreaterThanOrEqual(recorded - 1.5);
  expect(duration).toBeLessThanOrEqual(recorded + 2);
});
