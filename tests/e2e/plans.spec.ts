import { expect, test, type Page } from "@playwright/test";
import { createUser, db, signIn } from "./support/db";

/**
 * Plans, subscriptions and payments in the browser: the public catalogue, choosing the FREE plan,
 * the user menu's plan entry, cancel and reactivate, and the payments list with URL filters.
 */

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const card = (page: Page, code: string) => page.locator(`[data-testid="plan-card"][data-plan-code="${code}"]`);

/** The user menu's plan entry reads `text` (the current plan name or 'Sottoscrivi un piano'). */
async function expectMenuPlan(page: Page, text: string) {
  // Toasts sit over the header's right side: close them instead of waiting 5 s.
  for (const close of await page.getByRole("button", { name: "Chiudi notifica" }).all()) await close.click({ timeout: 1000 }).catch(() => {});
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("menu-plan")).toContainText(text);
  await page.keyboard.press("Escape");
}

test("un visitatore vede il catalogo con i pulsanti disabilitati e il modal di accesso", async ({ page }) => {
  await page.goto("/subscriptions");
  const cards = page.getByTestId("plan-card");
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toHaveAttribute("data-plan-code", "FREE_BASIC");
  await expect(card(page, "FREE_BASIC").getByTestId("plan-price")).toHaveText(/0,00\s€/);
  await expect(card(page, "PREMIUM_MONTHLY").getByTestId("plan-price")).toHaveText(/9,99\s€/);
  await expect(card(page, "PREMIUM_MONTHLY")).toHaveAttribute("data-preferred", "true");
  await expect(card(page, "PREMIUM_MONTHLY")).toContainText("Consigliato");
  await expect(card(page, "PREMIUM_YEARLY")).toContainText("/ anno");
  await expect(card(page, "FREE_BASIC")).toContainText("5 registrazioni al mese");

  const freeButton = card(page, "FREE_BASIC").getByTestId("plan-button");
  await expect(freeButton).toHaveText("Accedi per Selezionare");
  await expect(freeButton).toBeDisabled();
  for (const code of ["PREMIUM_MONTHLY", "PREMIUM_YEARLY", "BUSINESS_MONTHLY"]) {
    await expect(card(page, code).getByTestId("plan-button")).toHaveText("Accedi per Acquistare");
    await expect(card(page, code).getByTestId("plan-button")).toBeDisabled();
  }

  await card(page, "PREMIUM_MONTHLY").getByTestId("plan-login-link").click();
  const modal = page.getByTestId("plan-login-modal");
  await expect(modal).toContainText("Premium Mensile");
  await modal.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId("auth-modal")).toBeVisible();
});

test("un utente non verificato vede l'avviso e non può selezionare", async ({ page, context }) => {
  const user = await createUser({ verified: false, plan: null });
  await signIn(context, user);
  await page.goto("/subscriptions");
  await expect(page.getByTestId("verify-warning")).toHaveText("Devi verificare la tua email prima di poter selezionare un piano");
  await expect(card(page, "FREE_BASIC").getByTestId("plan-button")).toBeDisabled();
});

test("un utente verificato sceglie il piano gratuito, lo cancella e lo riattiva", async ({ page, context }) => {
  const user = await createUser({ plan: null });
  await signIn(context, user);
  await page.goto("/subscriptions");
  await expectMenuPlan(page, "Sottoscrivi un piano");

  // A paid plan only explains that payments are in development.
  await card(page, "PREMIUM_MONTHLY").getByTestId("plan-button").click();
  await expect(page.getByTestId("plan-message")).toContainText("in sviluppo");
  await expectMenuPlan(page, "Sottoscrivi un piano");

  await card(page, "FREE_BASIC").getByTestId("plan-button").click();
  await expect(toast(page, "Piano Gratuito attivato con successo!")).toBeVisible();
  await expect(card(page, "FREE_BASIC").getByTestId("plan-button")).toHaveText("Piano attuale");
  await expectMenuPlan(page, "Gratuito");

  await page.goto("/my-subscriptions");
  const sub = page.getByTestId("subscription-card");
  await expect(sub).toHaveCount(1);
  await expect(sub).toContainText("Gratuito");
  await expect(sub.getByTestId("subscription-status")).toHaveText("Attiva");
  // Recordings, storage and minutes of audio (the plan's three monthly limits).
  await expect(sub.getByTestId("usage-bar")).toHaveCount(3);
  await expect(sub.getByTestId("usage-bar").nth(2)).toContainText("Minuti di audio questo mese");

  await sub.getByText("Cancella sottoscrizione").click();
  await sub.getByLabel("Motivo (facoltativo)").fill("Provo più tardi");
  await sub.getByRole("button", { name: "Conferma cancellazione" }).click();
  await expect(toast(page, "Sottoscrizione cancellata con successo")).toBeVisible();
  await expect(sub.getByTestId("subscription-status")).toHaveText("Cancellata");
  await expectMenuPlan(page, "Sottoscrivi un piano");

  await sub.getByRole("button", { name: "Riattiva" }).click();
  await expect(toast(page, "Sottoscrizione riattivata con successo")).toBeVisible();
  await expect(sub.getByTestId("subscription-status")).toHaveText("Attiva");
  await expectMenuPlan(page, "Gratuito");
  const [row] = await db()`select count(*)::int as n from user_subscriptions where user_id = ${user.id} and is_active`;
  expect(row.n).toBe(1);
});

test("i pagamenti si sfogliano con filtri, ordinamento e pagine nell'URL", async ({ page, context, browser }) => {
  const user = await createUser();
  const s = db();
  // 12 orders: 9 PAID of 10 € (days 1..9 ago), 2 FAILED, 1 REFUNDED of 99 €.
  for (let i = 1; i <= 12; i++) {
    const status = i <= 9 ? "PAID" : i <= 11 ? "FAILED" : "REFUNDED";
    const amount = i === 12 ? 99 : 10;
    const method = i % 2 === 0 ? "PayPal" : "Carta Visa";
    await s`
      insert into orders (user_id, status, amount, currency, payment_date, payment_method, created_at)
      values (${user.id}, ${status}, ${amount}, 'EUR',
              ${status === "FAILED" ? null : s`now() - make_interval(days => ${i})`},
              ${method}, now() - make_interval(days => ${i}))`;
  }
  await signIn(context, user);
  await page.goto("/my-payments");
  await expect(page.getByTestId("page-indicator")).toHaveText("Pagina 1 di 2");
  await expect(page.getByTestId("payment-row")).toHaveCount(10);
  await expect(page.getByTestId("stats-total")).toHaveText("12");
  await expect(page.getByTestId("stats-amount")).toHaveText(/90,00\s€/);

  await page.getByRole("link", { name: "Successiva" }).click();
  await expect(page.getByTestId("page-indicator")).toHaveText("Pagina 2 di 2");
  await expect(page.getByTestId("payment-row")).toHaveCount(2);
  await expect(page).toHaveURL(/page=2/);

  await page.getByLabel("Stato").selectOption("FAILED");
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId("payment-row")).toHaveCount(2);
  await expect(page.getByTestId("payment-row").first()).toContainText("Fallito");
  await expect(page.getByTestId("page-indicator")).toHaveText("Pagina 1 di 1");

  await page.getByLabel("Stato").selectOption("");
  await page.getByLabel("Cerca").fill("paypal");
  await page.getByLabel("Ordina per").selectOption("amount");
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/search=paypal/);
  await expect(page.getByTestId("payment-row")).toHaveCount(6);
  await expect(page.getByTestId("payment-row").first()).toContainText("Rimborsato");

  // The same URL works without JavaScript and can be shared.
  const url = page.url();
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  await signIn(noJs, user);
  const plain = await noJs.newPage();
  await plain.goto(url);
  await expect(plain.getByTestId("payment-row")).toHaveCount(6);
  await expect(plain.getByLabel("Cerca")).toHaveValue("paypal");
  await plain.getByLabel("Dal").fill(new Date(Date.now() - 4.5 * 24 * 3600 * 1000).toISOString().slice(0, 10));
  await plain.getByRole("button", { name: "Filtra" }).click();
  await expect(plain).toHaveURL(/dateFrom=/);
  await expect(plain.getByTestId("payment-row")).toHaveCount(2);
  await noJs.close();
});
