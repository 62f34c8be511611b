import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createUser, signIn } from "./support/db";
import { E2E } from "./support/env";
import { makeItalianWav } from "./support/speech";

/**
 * Recording with Chromium's fake microphone (an espeak-ng Italian WAV, see playwright.config.ts),
 * upload, and the pipeline with the app's local engines up to the result page.
 */

/** A stand-in for the desktop shell's preload bridge that records what the recorder asks of it. */
async function installDesktopBridge(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __awakeCalls: string[] }).__awakeCalls = calls;
    (window as unknown as { verbaleDesktop: unknown }).verbaleDesktop = {
      isDesktop: true,
      keepAwake: async () => void calls.push("keepAwake"),
      releaseAwake: async () => void calls.push("releaseAwake"),
      notify: async () => {},
    };
  });
}

const awakeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __awakeCalls: string[] }).__awakeCalls);

async function expectResultPage(page: Page) {
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  // While it runs: the progress (status and percentage) is on the page.
  const progress = page.getByTestId("pipeline-progress").or(page.getByTestId("pipeline-status"));
  const title = page.getByTestId("transcription-title");
  await expect(progress.or(title).first()).toBeVisible();
  // Then the finished transcription with its analysis.
  await expect(title).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText("Riassunto", { exact: true })).toBeVisible();
}

test("records with the microphone, pauses, resumes, stops, confirms and lands on the result", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await installDesktopBridge(page);
  // The page's clock runs at its natural pace until the pause below moves it on by hand.
  await page.clock.install();
  await page.goto("/record");

  await expect(page.getByTestId("usage-widget")).toBeVisible();
  await expect(page.getByTestId("record-instructions")).toBeVisible();
  const status = page.getByTestId("recorder-status");
  const timer = page.getByTestId("recorder-timer");
  await expect(timer).toHaveText("00:00");

  await page.getByTestId("recorder-start").click();
  await expect(status).toHaveText("Registrazione in corso...");
  // The desktop app keeps the machine awake without asking.
  await expect(page.getByTestId("dialog-keep-awake")).toHaveCount(0);
  await expect.poll(() => awakeCalls(page)).toEqual(["keepAwake"]);
  await expect(timer).toHaveText("00:02", { timeout: 5_000 });
  // The waveform has 50 bars and moves with the fake microphone's speech.
  await expect(page.getByTestId("waveform-bar")).toHaveCount(50);
  await expect
    .poll(async () =>
      Math.max(...(await page.getByTestId("waveform-bar").evaluateAll((bars) => bars.map((b) => (b as HTMLElement).getBoundingClientRect().height)))),
    )
    .toBeGreaterThan(10);

  await page.getByTestId("recorder-pause").click();
  await expect(status).toHaveText("Registrazione in pausa...");
  const paused = await timer.textContent();
  // Three seconds pass on the page's clock (its timers fire at once): a paused timer stays put.
  await page.clock.runFor(3_000);
  await expect(timer).toHaveText(paused!);

  await page.getByTestId("recorder-resume").click();
  await expect(status).toHaveText("Registrazione in corso...");
  await expect(timer).not.toHaveText(paused!, { timeout: 3_000 });

  await page.getByTestId("recorder-stop").click();
  await expect(status).toHaveText("Registrazione completata!");
  await expect(page.getByTestId("dialog-confirm-send")).toBeVisible();
  await expect.poll(() => awakeCalls(page)).toEqual(["keepAwake", "releaseAwake"]);

  await page.getByTestId("confirm-send").click();
  await expectResultPage(page);
});

test("cancelling the confirm dialog discards the recording and releases the wake lock", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await installDesktopBridge(page);
  await page.goto("/record");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
  await page.getByTestId("recorder-stop").click();
  await page.getByTestId("confirm-cancel").click();
  await expect(page.getByTestId("dialog-confirm-send")).toHaveCount(0);
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:00");
  await expect(page.getByTestId("recorder-start")).toBeEnabled();
  const calls = await awakeCalls(page);
  expect(calls[0]).toBe("keepAwake");
  expect(calls.at(-1)).toBe("releaseAwake");
  await expect(page).toHaveURL(/\/record$/);
});

test("uploads an existing file with the button and shows the upload progress", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  const wav = makeItalianWav(path.join(E2E.dir, "upload-riunione.wav"));
  await page.goto("/record");
  await page.getByTestId("file-input").setInputFiles(wav);
  await expectResultPage(page);
});

test("a file that is not audio is refused in Italian, with no retry to offer and a plain 'Chiudi'", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await page.goto("/record");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "appunti.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("Solo testo, nessun audio qui dentro.\n".repeat(50)) });
  const failed = page.getByTestId("upload-failed");
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("upload-retry")).toHaveCount(0);
  await expect(page.getByTestId("upload-discard")).toHaveText("Chiudi");
  await page.getByTestId("upload-discard").click();
  await expect(failed).toHaveCount(0);
});

test("shows the denial text and disables the buttons when the microphone is refused", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  // The browser's answer when the user blocks the microphone.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await page.goto("/record");
  await page.getByTestId("recorder-start").click();
  await expect(page.getByTestId("mic-denied")).toHaveText("Accesso al microfono negato. Controlla le impostazioni del browser.");
  await expect(page.getByTestId("recorder-start")).toBeDisabled();
  await expect(page.getByTestId("recorder-stop")).toBeDisabled();
});

test("guards: anonymous visitors see 'Accesso Richiesto', users without a plan 'Sottoscrizione Richiesta'", async ({ page, context }) => {
  await page.goto("/record");
  await expect(page.getByRole("heading", { name: "Accesso Richiesto" })).toBeVisible();
  const user = await createUser({ plan: null });
  await signIn(context, user);
  await page.goto("/record");
  await expect(page.getByRole("heading", { name: "Sottoscrizione Richiesta" })).toBeVisible();
  await page.getByRole("link", { name: "Vedi Piani" }).first().click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});
