import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { seedCompletedTranscription } from "../support/transcriptions";
import { createUser, db, signIn } from "./support/db";
import { E2E } from "./support/env";

/**
 * The admin tables as a desktop user sees them: at 1280 and 1440 px no list needs sideways
 * scrolling (long names and e-mails included), each row's actions are one button inside the
 * table whose menu opens fully on screen, and on a phone every item of the admin menu is in view.
 */

const LISTS = ["/dashboard/users", "/dashboard/transcriptions", "/dashboard/subscriptions", "/dashboard/subscription-types"];

async function expectFits(page: Page, url: string): Promise<void> {
  await page.goto(`${url}?limit=100`);
  const frame = page.getByTestId("table-frame");
  await expect(page.getByTestId("table-row").first()).toBeVisible();
  const { scroll, client } = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `${url}: table ${scroll} px in a ${client} px frame`).toBeLessThanOrEqual(client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${url}: the page scrolls sideways`).toBe(true);

  // The actions button is inside the frame and its menu opens whole, inside the window.
  const button = page.getByTestId("table-row").first().getByTestId("row-actions");
  const frameBox = (await frame.boundingBox())!;
  const buttonBox = (await button.boundingBox())!;
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
  await button.click();
  const menu = page.getByTestId("table-row").first().getByTestId("row-actions-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dettagli" })).toBeVisible();
  const menuBox = (await menu.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(menuBox.x).toBeGreaterThanOrEqual(0);
  expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(viewport.width);
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(viewport.height);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
}

test("admin tables fit at 1280 and 1440 px; the admin menu wraps on a phone", async ({ page, context }) => {
  test.setTimeout(120_000);
  const admin = await createUser({ role: "ADMIN", plan: null, name: "Amministratrice Tabelle" });
  const owner = await createUser({
    name: "Maria Vittoria Castiglioni Dell'Acqua",
    email: `maria.vittoria.castiglioni.dellacqua-${Date.now()}@studio-legale-esempio.it`,
    plan: "FREE_BASIC",
  });
  await seedCompletedTranscription(db(), path.join(E2E.dataDir, "storage"), owner.id, {
    title: "Riunione straordinaria del consiglio di amministrazione sul bilancio consolidato",
    originalName: "registrazione_consiglio_di_amministrazione_straordinario_marzo.webm",
  });
  await signIn(context, admin);

  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of LISTS) await expectFits(page, url);
  }

  // A row's hidden columns are in its details: at 1280 px "Creato il" is not a column.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/users?search=${encodeURIComponent(owner.email)}`);
  await expect(page.getByRole("columnheader", { name: "Creato il" })).toBeHidden();
  await page.getByTestId("table-row").getByTestId("row-actions").click();
  await page.getByRole("link", { name: "Dettagli" }).click();
  await expect(page.getByRole("dialog", { name: "Dettagli utente" })).toContainText("Registrato il");

  await page.setViewportSize({ width: 375, height: 812 });
  // On a phone a wide table scrolls inside its frame; the page itself never scrolls sideways.
  for (const url of LISTS) {
    await page.goto(url);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-testid=table-frame]"))
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`)
        .slice(0, 5),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url}: ${wide.join(" | ")}`).toBeLessThanOrEqual(375);
  }
  await page.goto("/dashboard/users");
  const links = page.getByTestId("admin-sidebar").getByRole("link");
  // Seven lists and the «Registro attività» (issue 32).
  await expect(links).toHaveCount(8);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
  }
});
