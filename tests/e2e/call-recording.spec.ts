import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createUser, db, signIn } from "./support/db";
import { killBrowserOfProfile } from "./support/browser";
import { E2E } from "./support/env";

/**
 * Recording an online meeting (issue 30): the fake microphone speaks (espeak file), the «call» is
 * a shared tab answered by an init script (headless Chromium has no screen to share) with a 1 kHz
 * oscillator and a canvas video track. The stored file is checked with ffmpeg per channel.
 */

test.setTimeout(180_000);

const storageDir = path.join(E2E.dataDir, "storage");

/** audio: a 1 kHz tone; silent: an audio track with nothing in it (a muted tab); noAudio: video only. */
type ShareMode = "audio" | "silent" | "noAudio" | "cancel";

/** Replaces getDisplayMedia; window.__shareMode says what the next «share» gives. */
function fakeDisplayMedia(mode: ShareMode) {
  const w = window as unknown as Record<string, unknown>;
  w.__shareMode = mode;
  w.__shares = 0;
  navigator.mediaDevices.getDisplayMedia = async () => {
    w.__shares = (w.__shares as number) + 1;
    if (w.__shareMode === "cancel") throw new DOMException("Permission denied", "NotAllowedError");
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    canvas.getContext("2d")!.fillRect(0, 0, 64, 64);
    const video = canvas.captureStream(5).getVideoTracks()[0];
    w.__videoTrack = video;
    const tracks: MediaStreamTrack[] = [video];
    if (w.__shareMode === "audio" || w.__shareMode === "silent") {
      const context = new AudioContext();
      const oscillator = context.createOscillator();
      oscillator.frequency.value = 1000;
      const gain = context.createGain();
      gain.gain.value = w.__shareMode === "silent" ? 0 : 0.3;
      const destination = context.createMediaStreamDestination();
      oscillator.connect(gain).connect(destination);
      oscillator.start();
      w.__callTrack = destination.stream.getAudioTracks()[0];
      tracks.push(w.__callTrack as MediaStreamTrack);
    }
    return new MediaStream(tracks);
  };
}

const timerSeconds = async (page: Page) => {
  const [m, s] = ((await page.getByTestId("recorder-timer").textContent()) ?? "00:00").split(":").map(Number);
  return m * 60 + s;
};

async function chooseAndStart(page: Page, source: string) {
  await page.goto("/record");
  await page.getByLabel(source).check();
  await page.getByTestId("recorder-start").click();
}

/** mean_volume (dB) of one channel of a file, optionally through a narrow band around 1 kHz and from a start. */
function meanVolume(file: string, channel: 0 | 1, options: { tone?: boolean; fromEnd?: number; from?: number } = {}): number {
  const filters = [`pan=mono|c0=c${channel}`, ...(options.tone ? ["bandpass=f=1000:width_type=h:w=60"] : []), "volumedetect"];
  const input = options.fromEnd ? ["-sseof", `-${options.fromEnd}`] : options.from !== undefined ? ["-ss", String(options.from), "-t", "1"] : [];
  // volumedetect reports on stderr.
  const out = spawnSync("ffmpeg", ["-nostdin", "-hide_banner", ...input, "-i", file, "-af", filters.join(","), "-f", "null", "-"], {
    encoding: "utf8",
  }).stderr;
  return Number(/mean_volume: (-?[\d.]+|-inf) dB/.exec(out)?.[1] ?? "-inf");
}

function streamsOf(file: string): { codec_type: string; channels?: number }[] {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,channels", "-of", "json", file], { encoding: "utf8" });
  return (JSON.parse(out) as { streams: { codec_type: string; channels?: number }[] }).streams;
}

/** The stored audio of the recording the page was sent to; asserts its source. */
async function storedAudio(page: Page, source: string): Promise<string> {
  await expect(page).toHaveURL(/\/transcription\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").pop()!;
  const [row] = await db()`select file_name, audio_source from transcriptions where id = ${id}`;
  expect(row.audio_source).toBe(source);
  const file = path.join(storageDir, row.file_name as string);
  expect(fs.existsSync(file)).toBe(true);
  return file;
}

/** Speech left, the call's 1 kHz tone right, nothing of the picture. */
function expectMicLeftCallRight(file: string) {
  const streams = streamsOf(file);
  expect(streams.map((s) => s.codec_type)).toEqual(["audio"]);
  expect(streams[0].channels).toBe(2);
  const left = meanVolume(file, 0);
  const leftTone = meanVolume(file, 0, { tone: true });
  const right = meanVolume(file, 1);
  const rightTone = meanVolume(file, 1, { tone: true });
  // The speech is there, and little of it is at 1 kHz; the right is the tone and nothing else.
  expect(left).toBeGreaterThan(-45);
  expect(left - leftTone).toBeGreaterThan(8);
  expect(right).toBeGreaterThan(-30);
  expect(right - rightTone).toBeLessThan(3);
}

test.describe("with a shared tab", () => {
  test("«Microfono e audio della chiamata»: stereo file, speech left, the call's tone right, no video; the choice is remembered", async ({
    page,
    context,
  }) => {
    const user = await createUser({ plan: "FREE_BASIC" });
    await signIn(context, user);
    await context.addInitScript(fakeDisplayMedia, "audio" as ShareMode);
    await chooseAndStart(page, "Microfono e audio della chiamata");
    await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
    // The picture was dropped at once.
    expect(await page.evaluate(() => (window as unknown as { __videoTrack: MediaStreamTrack }).__videoTrack.readyState)).toBe("ended");
    await expect(page.getByTestId("waveform-call")).toBeVisible();
    await expect(page.getByTestId("recorder-timer")).toHaveText("00:06", { timeout: 15_000 });
    await page.getByTestId("recorder-stop").click();
    await page.getByTestId("confirm-send").click();
    expectMicLeftCallRight(await storedAudio(page, "microphone-and-call"));
    // The pipeline takes the stereo file like any other: transcribed and analysed.
    await expect(page.getByTestId("transcription-title")).toBeVisible({ timeout: 120_000 });

    await page.goto("/record");
    await expect(page.getByLabel("Microfono e audio della chiamata")).toBeChecked();
  });

  test("shared without audio, or cancelled: said before anything starts, with «Condividi di nuovo» and «Registra solo il microfono»", async ({
    page,
    context,
  }) => {
    const user = await createUser({ plan: "FREE_BASIC" });
    await signIn(context, user);
    await context.addInitScript(fakeDisplayMedia, "noAudio" as ShareMode);
    await chooseAndStart(page, "Microfono e audio della chiamata");
    const problem = page.getByTestId("share-problem");
    await expect(problem).toContainText("Hai condiviso senza audio");
    await expect(problem.getByRole("button", { name: "Condividi di nuovo" })).toBeVisible();
    await expect(problem.getByRole("button", { name: "Registra solo il microfono" })).toBeVisible();
    await expect(page.getByTestId("recorder")).toHaveAttribute("data-status", "idle");
    expect(await page.evaluate(() => (window as unknown as { __videoTrack: MediaStreamTrack }).__videoTrack.readyState)).toBe("ended");

    await page.evaluate(() => ((window as unknown as { __shareMode: string }).__shareMode = "cancel"));
    await problem.getByRole("button", { name: "Condividi di nuovo" }).click();
    await expect(problem).toContainText("Condivisione annullata");
    await expect(page.getByTestId("recorder")).toHaveAttribute("data-status", "idle");
    await page.waitForTimeout(1_000);
    expect(await db()`select id from transcriptions where user_id = ${user.id}`).toHaveLength(0);

    await problem.getByRole("button", { name: "Registra solo il microfono" }).click();
    await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
    await expect(page.getByTestId("share-problem")).toHaveCount(0);
    const [row] = await db()`select audio_source from transcriptions where user_id = ${user.id}`;
    expect(row.audio_source).toBe("microphone");
  });

  test("sharing ended from the browser: recording goes on with the microphone, a notice, «Condividi di nuovo» brings the call back", async ({
    page,
    context,
  }) => {
    const user = await createUser({ plan: "FREE_BASIC" });
    await signIn(context, user);
    await context.addInitScript(fakeDisplayMedia, "audio" as ShareMode);
    await chooseAndStart(page, "Microfono e audio della chiamata");
    await expect(page.getByTestId("recorder-timer")).toHaveText("00:02", { timeout: 10_000 });
    await page.evaluate(() => (window as unknown as { __callTrack: MediaStreamTrack }).__callTrack.stop());
    const notice = page.getByTestId("share-ended");
    await expect(notice).toHaveText(/La condivisione è terminata: la registrazione continua con il solo microfono\./);
    await expect(page.getByTestId("recorder-timer")).toHaveText("00:05", { timeout: 10_000 });
    await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");

    await notice.getByRole("button", { name: "Condividi di nuovo" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId("recorder-timer")).toHaveText("00:09", { timeout: 10_000 });
    await page.getByTestId("recorder-stop").click();
    await page.getByTestId("confirm-send").click();
    const file = await storedAudio(page, "microphone-and-call");
    expect(streamsOf(file)[0].channels).toBe(2);
    // The right channel: the tone, a silent second while the share was gone, the tone again at the end.
    expect(meanVolume(file, 1, { from: 0.5 })).toBeGreaterThan(-30);
    const seconds = Array.from({ length: 8 }, (_, i) => meanVolume(file, 1, { from: i + 1 }));
    expect(Math.min(...seconds)).toBeLessThan(-60);
    expect(meanVolume(file, 1, { fromEnd: 2 })).toBeGreaterThan(-30);
  });
});

test("a call silent for 30 s while the microphone hears speech: the warning about «Condividi audio»", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await context.addInitScript(fakeDisplayMedia, "silent" as ShareMode);
  await chooseAndStart(page, "Microfono e audio della chiamata");
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:20", { timeout: 30_000 });
  await expect(page.getByTestId("call-silent")).toHaveCount(0);
  await expect(page.getByTestId("call-silent")).toHaveText("Non sento l'audio della chiamata: hai scelto «Condividi audio»?", { timeout: 60_000 });
  expect(await timerSeconds(page)).toBeGreaterThanOrEqual(30);
});

test.describe("in Firefox", () => {
  test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });

  test("the call's options are disabled with the reason; «Solo microfono» records", async ({ page, context }) => {
    const user = await createUser({ plan: "FREE_BASIC" });
    await signIn(context, user);
    await page.goto("/record");
    await expect(page.getByLabel("Microfono e audio della chiamata")).toBeDisabled();
    await expect(page.getByLabel("Solo audio della chiamata")).toBeDisabled();
    await expect(page.getByLabel("Solo microfono")).toBeChecked();
    await expect(page.getByTestId("audio-source-unsupported")).toHaveText("L'audio della chiamata si registra solo da Chrome o Edge su computer.");
    await page.getByTestId("recorder-start").click();
    await expect(page.getByTestId("recorder-status")).toHaveText("Registrazione in corso...");
  });
});

test("browser killed mid-recording with the call: the recovered recording keeps both channels", async ({ browserName }, testInfo) => {
  test.skip(browserName !== "chromium");
  const profile = fs.mkdtempSync(path.join(E2E.dir, "profile-"));
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL: E2E.baseUrl,
      locale: "it-IT",
      timezoneId: "Europe/Rome",
    });
    await context.addInitScript(fakeDisplayMedia, "audio" as ShareMode);
    return context;
  };
  const user = await createUser({ plan: "FREE_BASIC" });
  let context: BrowserContext = await launch();
  await signIn(context, user);
  let page = context.pages()[0] ?? (await context.newPage());
  await chooseAndStart(page, "Microfono e audio della chiamata");
  await expect(page.getByTestId("recorder-timer")).toHaveText("00:07", { timeout: 15_000 });

  killBrowserOfProfile(profile);
  await context.close().catch(() => {});

  context = await launch();
  try {
    await signIn(context, user);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/record");
    const card = page.getByTestId("recovered-recording");
    await expect(card.getByRole("heading", { name: "Registrazione recuperata" })).toBeVisible();
    await card.getByRole("button", { name: /^Invia/ }).click();
    expectMicLeftCallRight(await storedAudio(page, "microphone-and-call"));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
