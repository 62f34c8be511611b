import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";

/**
 * The Content-Security-Policy the server sends (server/security-headers.ts) must not block
 * anything the app itself does: every public, user and admin page is opened in Chromium, with
 * its scripts hydrating, and no CSP violation may reach the console or the page's
 * securitypolicyviolation events.
 */

type Watch = { violations: string[] };

async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) watch.violations.push(`${page.url()}: ${message.text()}`);
  });
  // Init scripts are injected by the browser's debugging protocol, outside the page's CSP.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return watch;
}

async function visit(page: Page, watch: Watch, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  expect(response?.headers()["content-security-policy"], url).toContain("frame-ancestors 'none'");
  // Hydrated: the inline context script (nonce) and the entry module ran, Remix's router exists.
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter), undefined, { timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  watch.violations.push(...events.map((e) => `${url}: ${e}`));
}

test("no page violates the Content-Security-Policy: public, user and admin", async ({ page, context }) => {
  test.setTimeout(180_000);
  const watch = await watchCsp(page);

  for (const url of ["/", "/subscriptions", "/support", "/privacy-policy", "/terms-of-service", "/login", "/record"]) {
    await visit(page, watch, url);
  }
  // The sign-in dialog (client-side component) opens under the policy too.
  await page.goto("/");
  await page.getByTestId("login-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();

  const user = await createUser({ plan: "FREE_BASIC" });
  const transcription = await seedCompletedTranscription(db(), path.join(E2E.dataDir, "storage"), user.id);
  await signIn(context, user);
  for (const url of ["/record", "/recordings", `/transcription/${transcription.id}`, "/my-subscriptions", "/my-payments", "/subscriptions"]) {
    await visit(page, watch, url);
  }
  // The audio player loads the recording (media-src) on the result page.
  await page.goto(`/transcription/${transcription.id}`);
  await expect.poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThan(0);

  await context.clearCookies();
  const admin = await createUser({ role: "ADMIN", plan: null });
  await signIn(context, admin);
  for (const url of [
    "/dashboard",
    "/dashboard/users",
    "/dashboard/transcriptions",
    "/dashboard/subscriptions",
    "/dashboard/subscription-types",
    "/dashboard/analytics",
    "/dashboard/settings",
  ]) {
    await visit(page, watch, url);
  }

  expect(watch.violations).toEqual([]);
});

test("no page can be framed by another site", async ({ page }) => {
  // A page of another origin (about:blank with a data URL would be opaque) tries to frame the app.
  // setContent resolves on the page's load event, which waits for the frame's own navigation.
  await page.setContent(`<iframe id="f" src="${E2E.baseUrl}/"></iframe>`);
  const frame = await (await page.locator("#f").elementHandle())!.contentFrame();
  // Chromium refuses the document: the frame holds its error page, never the app.
  expect(frame!.url()).not.toContain(E2E.baseUrl);
});
