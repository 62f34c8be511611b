import { expect, test } from "@playwright/test";
import { createUser, signIn } from "./support/db";

/**
 * The live transcript while recording (issue 17) with Chromium's fake microphone (an espeak-ng
 * Italian WAV) and the app's local engine (whisper.cpp on the synthetic tiny model, see
 * support/app-env.ts): words in "Trascrizione in diretta" within 30 s of starting, then more.
 */

test("words appear in «Trascrizione in diretta» within 30 s of starting and keep growing; paused, it says so", async ({ page, context }) => {
  test.setTimeout(240_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await page.goto("/record");

  await page.getByTestId("recorder-start").click();
  const started = Date.now();
  await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
  const region = page.getByRole("region", { name: "Trascrizione in diretta", exact: true });
  await expect(region).toBeVisible();
  const log = region.getByRole("log");
  const words = async () => Number(await log.getAttribute("data-words"));

  await expect.poll(words, { timeout: Math.max(1, 30_000 - (Date.now() - started)) }).toBeGreaterThan(0);
  const firstWordsAfter = Date.now() - started;
  test.info().annotations.push({ type: "first words", description: `${(firstWordsAfter / 1000).toFixed(1)} s` });
  expect(firstWordsAfter).toBeLessThanOrEqual(30_000);
  const first = await words();
  await expect(log).not.toHaveText("");
  // It keeps growing while the meeting goes on.
  await expect.poll(words, { timeout: 120_000 }).toBeGreaterThan(first);

  await page.getByTestId("recorder-pause").click();
  await expect(region.getByTestId("live-paused")).toHaveText("Trascrizione in pausa: riprende quando riprendi la registrazione.");
  await page.getByTestId("recorder-resume").click();
  await expect(region.getByTestId("live-paused")).toHaveCount(0);

  await page.getByTestId("recorder-stop").click();
  await page.getByTestId("confirm-send").click();
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 120_000 });
});
