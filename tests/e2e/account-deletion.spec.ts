import { expect, test } from "@playwright/test";
import { createUser, db, signIn } from "./support/db";

/** «Elimina il mio account» from /settings in Chromium (issue 32): a wrong password keeps everything, the right one erases. */

test("a user deletes their account from /settings, reached from the user menu", async ({ page, context }) => {
  const user = await createUser({ plan: "FREE_BASIC" });
  await signIn(context, user);
  await page.goto("/");
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("menu-settings").click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Elimina il mio account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Scarica i miei dati" })).toHaveAttribute("href", "/api/account/export");

  const form = page.getByTestId("delete-account-form");
  await form.getByLabel("Password").fill("sbagliata");
  await form.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page.getByTestId("delete-account-result")).toHaveText("Password non corretta.");
  expect((await db()`select count(*)::int as n from users where id = ${user.id}`)[0].n).toBe(1);

  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Elimina definitivamente" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Account eliminato. Ti abbiamo inviato un'email di conferma.")).toBeVisible();
  expect((await db()`select count(*)::int as n from users where id = ${user.id}`)[0].n).toBe(0);
  // Signed out: /settings asks to sign in.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Elimina il mio account" })).toHaveCount(0);
});
