import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";

/**
 * axe-core on every page a visitor, a user and an admin can reach (and on the dialogs they open):
 * no critical or serious violation. With SCREENS=<folder> it also saves a screenshot of each page
 * at 1440 and 375 px, to look at the screens after a change.
 */

const storageDir = path.join(E2E.dataDir, "storage");
const screensDir = process.env.SCREENS;

async function check(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const grave = result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map(
      (v) =>
        `${name}: [${v.impact}] ${v.id} — ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
  expect.soft(grave, grave.join("\n")).toEqual([]);
}

async function visit(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await check(page, name);
  if (!screensDir) return;
  fs.mkdirSync(screensDir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(screensDir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test("axe: public pages and the auth dialog", async ({ page }) => {
  for (const [url, name] of [
    ["/", "home"],
    ["/subscriptions", "plans"],
    ["/login", "login"],
    ["/reset-password?token=abc", "reset-password"],
    ["/privacy-policy", "privacy"],
    ["/terms-of-service", "terms"],
    ["/support", "support"],
    ["/pagina-che-non-esiste", "not-found"],
  ] as const) {
    await visit(page, url, name);
  }
  await page.goto("/");
  await page.getByTestId("login-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "auth-dialog");
});

test("axe: the user's pages", async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await createUser({ plan: "FREE_BASIC" });
  const done = await seedCompletedTranscription(db(), storageDir, user.id);
  await signIn(context, user);
  for (const [url, name] of [
    ["/record", "record"],
    ["/recordings", "recordings"],
    [`/transcription/${done.id}`, "result"],
    ["/settings", "settings"],
    ["/my-subscriptions", "my-subscriptions"],
    ["/my-payments", "my-payments"],
    ["/subscriptions", "plans-signed-in"],
  ] as const) {
    await visit(page, url, name);
  }
});

test("axe: the admin area and its dialogs", async ({ page, context }) => {
  test.setTimeout(120_000);
  const admin = await createUser({ role: "ADMIN", plan: null, name: "Amministratrice Axe" });
  const owner = await createUser({ name: "Utente Axe" });
  await seedCompletedTranscription(db(), storageDir, owner.id);
  await signIn(context, admin);
  for (const [url, name] of [
    ["/dashboard", "admin-overview"],
    ["/dashboard/users", "admin-users"],
    ["/dashboard/transcriptions", "admin-transcriptions"],
    ["/dashboard/subscriptions", "admin-subscriptions"],
    ["/dashboard/subscription-types", "admin-plans"],
    ["/dashboard/analytics", "admin-analytics"],
    ["/dashboard/audit", "admin-audit"],
    ["/dashboard/settings", "admin-settings"],
    ["/dashboard/users?modal=create", "admin-user-create"],
    ["/dashboard/subscription-types?modal=create", "admin-plan-create"],
  ] as const) {
    await visit(page, url, name);
  }
});
