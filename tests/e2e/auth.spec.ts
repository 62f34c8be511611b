import { expect, test, type Page } from "@playwright/test";
import { createUser, signIn } from "./support/db";
import { codeFrom, countMail, linkFrom, waitForMail } from "./support/mail";

/**
 * Accounts in the browser: registration through the modal with the code read from the mail the
 * app really sent, the user menu, logout, login again, and a password reset through the link.
 */

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

/** Toasts sit over the right end of the header for 5-7 s: close them before clicking there. */
async function dismissToasts(page: Page) {
  const buttons = page.getByRole("button", { name: "Chiudi notifica" });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

test("registrazione, verifica, menu, uscita, accesso e reset della password", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `e2e-auth-${Date.now()}@esempio.it`;
  const name = "Chiara Verdi";

  // ---- registration through the modal
  await page.goto("/");
  await page.getByTestId("login-button").click();
  const modal = page.getByTestId("auth-modal");
  await expect(modal.getByRole("heading", { name: "Accedi a Verbale" })).toBeVisible();
  await expect(modal.getByTestId("login-submit")).toBeDisabled();

  await modal.getByTestId("facebook-login").click();
  await expect(toast(page, "Facebook")).toBeVisible();

  await modal.getByTestId("to-register").click();
  await expect(modal.getByRole("heading", { name: "Crea il tuo account" })).toBeVisible();
  const submit = modal.getByTestId("register-submit");
  await modal.getByLabel("Nome completo").fill(name);
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill("Password123");
  await modal.getByLabel("Conferma password").fill("Password124");
  await expect(modal.getByText("Le password non corrispondono")).toBeVisible();
  await expect(submit).toBeDisabled();
  await modal.getByLabel("Conferma password").fill("Password123");
  await expect(submit).toBeDisabled();
  await expect(modal.getByRole("link", { name: "termini di servizio" })).toHaveAttribute("href", "/terms-of-service");
  await expect(modal.getByRole("link", { name: "informativa sulla privacy" })).toHaveAttribute("href", "/privacy-policy");
  await modal.getByTestId("accept-terms").check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(toast(page, "Registrazione completata con successo!")).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Verifica la tua email" })).toBeVisible();
  await expect(modal.getByText("Controlla anche la cartella spam")).toBeVisible();
  await expect(modal.getByTestId("resend-code")).toHaveText(/Riprova tra \d+s/);
  await expect(modal.getByTestId("resend-code")).toBeDisabled();

  const code = codeFrom(await waitForMail(email));
  const boxes = modal.getByTestId("code-input").locator("input");
  await expect(boxes).toHaveCount(6);

  // a wrong code: the boxes are cleared and the first one has the focus again
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await boxes.first().click();
  await page.keyboard.type(wrong);
  await expect(toast(page, "Codice di verifica non valido")).toBeVisible();
  await expect(boxes.nth(0)).toHaveValue("");
  await expect(boxes.nth(5)).toHaveValue("");
  await expect(boxes.first()).toBeFocused();

  // the right one, typed digit by digit: auto-advance and auto-submit on the sixth
  await page.keyboard.type(code);
  await expect(toast(page, "Email verificata con successo!")).toBeVisible();
  await expect(modal).toHaveCount(0);

  // ---- signed in: the user menu
  const menuButton = page.getByTestId("user-menu-button");
  await expect(menuButton).toBeVisible();
  await dismissToasts(page);
  await expect(page.getByTestId("user-initials")).toHaveAttribute("data-initials", "CV");
  await menuButton.click();
  const menu = page.getByTestId("user-menu");
  await expect(menu).toContainText(name);
  await expect(menu).toContainText(email);
  await expect(menu.getByRole("menuitem", { name: "Le mie sottoscrizioni" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "I miei pagamenti" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Dashboard Admin" })).toHaveCount(0);
  await expect(menu).not.toContainText("Email non verificata");
  // «Impostazioni» opens /settings (vocabulary and the data rights of issue 32), no longer a toast.
  await menu.getByRole("menuitem", { name: "Impostazioni" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Impostazioni", level: 1 })).toBeVisible();
  await page.goBack();
  await menuButton.click();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Trascrizioni" })).toBeVisible();

  // ---- logout
  await menuButton.click();
  await page.getByTestId("logout-button").click();
  await expect(toast(page, "Disconnessione effettuata con successo!")).toBeVisible();
  await expect(page.getByTestId("login-button")).toBeVisible();
  await expect(page.getByTestId("user-menu-button")).toHaveCount(0);

  // ---- login again through the modal
  await dismissToasts(page);
  await page.getByTestId("login-button").click();
  // A malformed address is not silently ignored: the server's text appears in the error toast.
  await modal.getByLabel("Email").fill("senza-chiocciola");
  await modal.getByLabel("Password", { exact: true }).fill("Password123");
  await modal.getByTestId("login-submit").click();
  await expect(toast(page, "Inserisci un indirizzo email valido")).toBeVisible();
  await dismissToasts(page);
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill("Password123");
  await modal.getByRole("button", { name: "Mostra password" }).click();
  await expect(modal.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await modal.getByTestId("login-submit").click();
  await expect(toast(page, "Accesso effettuato con successo!")).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await dismissToasts(page);
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("logout-button").click();
  await expect(page.getByTestId("login-button")).toBeVisible();
  await dismissToasts(page);

  // ---- password reset
  const before = await countMail(email);
  await page.getByTestId("login-button").click();
  await modal.getByTestId("forgot-link").click();
  await expect(modal.getByRole("heading", { name: "Password dimenticata" })).toBeVisible();
  await modal.getByLabel("Email").fill(email);
  await modal.getByTestId("forgot-submit").click();
  await expect(modal.getByTestId("forgot-sent")).toContainText("5 ore");
  await expect(modal.getByTestId("forgot-submit")).toHaveText("Invia di nuovo");
  const link = linkFrom(await waitForMail(email, { after: before }), "/reset-password");
  await modal.getByRole("button", { name: "Chiudi" }).click();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reimposta la password" })).toBeVisible();
  const resetSubmit = page.getByTestId("reset-submit");
  await page.getByLabel("Nuova password").fill("nuovapassword1");
  await page.getByLabel("Conferma password").fill("nuovapassword1");
  await expect(resetSubmit).toBeDisabled();
  await page.getByLabel("Nuova password").fill("NuovaPassword1");
  await page.getByLabel("Conferma password").fill("NuovaPassword1");
  await expect(resetSubmit).toBeEnabled();
  await resetSubmit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Password reimpostata con successo")).toBeVisible();

  // the /login page form with the new password
  await page.getByTestId("login-page").getByLabel("Email").fill(email);
  await page.getByTestId("login-page").getByLabel("Password", { exact: true }).fill("NuovaPassword1");
  await page.getByTestId("login-page").getByTestId("login-submit").click();
  await expect(page.getByTestId("user-menu-button")).toBeVisible();

  // the same link a second time is refused
  await page.goto(link);
  await expect(page.getByTestId("reset-invalid")).toBeVisible();
});

test("il codice incollato riempie le sei caselle e si invia da solo", async ({ page, context }) => {
  const email = `e2e-paste-${Date.now()}@esempio.it`;
  await page.goto("/login?mode=register");
  const form = page.getByTestId("login-page");
  await form.getByLabel("Nome completo").fill("Paolo Gialli");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("Password123");
  await form.getByLabel("Conferma password").fill("Password123");
  await form.getByTestId("accept-terms").check();
  await form.getByTestId("register-submit").click();
  await expect(page.getByTestId("verify-email-form")).toBeVisible();
  const code = codeFrom(await waitForMail(email));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((text) => navigator.clipboard.writeText(text), `Codice: ${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByTestId("code-input").locator("input").first().focus();
  await page.keyboard.press("Control+V");
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await expect(page.getByTestId("verify-email-form")).toHaveCount(0);
});

test("senza JavaScript si accede dalla pagina /login", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("admin@verbale.test");
  await page.getByLabel("Password", { exact: true }).fill("Sbagliata1");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("form-error")).toHaveText("Email o password non corretti");
  await page.getByLabel("Password", { exact: true }).fill("Admin12345");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await context.close();
});

test("le caselle del codice: avanzamento, frecce e cancellazione", async ({ page, context }) => {
  const user = await createUser({ verified: false });
  await signIn(context, user);
  await page.goto("/login");
  const boxes = page.getByTestId("code-input").locator("input");
  await boxes.first().click();
  await page.keyboard.type("123");
  await expect(boxes.nth(3)).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(boxes.nth(2)).toBeFocused();
  await expect(boxes.nth(2)).toHaveValue("");
  await page.keyboard.press("ArrowLeft");
  await expect(boxes.nth(1)).toBeFocused();
  await page.keyboard.type("9");
  await expect(boxes.nth(1)).toHaveValue("9");
  await expect(boxes.nth(2)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(boxes.nth(3)).toBeFocused();
  await expect(boxes.nth(0)).toHaveValue("1");
});

test("la pagina di registrazione chiede l'accesso, poi la verifica dell'email, e si ricarica dopo il codice", async ({ page }) => {
  const user = await createUser({ verified: false });
  await page.goto("/record");
  await expect(page.getByTestId("access-required")).toContainText("Accesso Richiesto");
  await page.getByTestId("access-required-login").click();
  const modal = page.getByTestId("auth-modal");
  await modal.getByLabel("Email").fill(user.email);
  await modal.getByLabel("Password", { exact: true }).fill(user.password);
  const before = await countMail(user.email);
  await modal.getByTestId("login-submit").click();
  // unverified: the modal moves on to the code, which the login has just sent
  await expect(modal.getByTestId("verify-email-form")).toBeVisible();
  await expect(modal.getByTestId("resend-code")).toHaveText(/Riprova tra \d+s/);
  const mail = await waitForMail(user.email, { after: before });
  await modal.getByRole("button", { name: "Chiudi" }).click();
  await expect(modal).toHaveCount(0);

  // the page itself now shows the verification gate
  const gate = page.getByTestId("verify-email-gate");
  await expect(gate).toBeVisible();
  await gate.getByTestId("code-input").locator("input").first().click();
  await Promise.all([page.waitForEvent("load"), page.keyboard.type(codeFrom(mail))]);
  await expect(page.getByTestId("verify-email-gate")).toHaveCount(0);
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
});
