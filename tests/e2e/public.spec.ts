import { expect, test } from "@playwright/test";

test.describe("pagine pubbliche", () => {
  test("la home presenta il prodotto in italiano", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("riunioni");
    await expect(page.getByTestId("feature-card")).toHaveCount(4);
    await expect(page.getByTestId("how-step")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Inizia a registrare" })).toHaveAttribute("href", "/record");
    await expect(page.getByRole("link", { name: "Registra ora" })).toHaveAttribute("href", "/record");
    const nav = page.getByRole("navigation", { name: "Navigazione principale" });
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Piani" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Registra" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Trascrizioni" })).toHaveCount(0);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "Termini di servizio" })).toHaveAttribute("href", "/terms-of-service");
    await expect(footer.getByRole("link", { name: "Supporto" })).toHaveAttribute("href", "/support");
    await expect(footer).toContainText("©");
  });

  test("il catalogo dei piani mostra al massimo 4 piani", async ({ page }) => {
    await page.goto("/subscriptions");
    const cards = page.getByTestId("plan-card");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(4);
    await expect(page.getByText("Gratuito").first()).toBeVisible();
  });

  test("il supporto riporta tempi di risposta, disponibilità e conservazione", async ({ page }) => {
    await page.goto("/support");
    await expect(page.getByRole("heading", { name: "Domande frequenti" })).toBeVisible();
    await expect(page.getByText("entro 48 ore lavorative")).toBeVisible();
    await expect(page.getByText("dal lunedì al venerdì, 9-18 CET")).toBeVisible();
    await expect(page.getByText("Registrazioni audio: fino a 2 anni")).toBeVisible();
    await expect(page.getByText("Dati di fatturazione: 10 anni")).toBeVisible();
    await expect(page.getByText("Log di sicurezza: 12 mesi")).toBeVisible();
  });

  for (const [path, title] of [
    ["/privacy-policy", "Informativa sulla privacy"],
    ["/terms-of-service", "Termini di servizio"],
  ] as const) {
    test(`${path} riporta data di aggiornamento ed età minima`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText("Ultimo aggiornamento: 24 gennaio 2025")).toBeVisible();
      await expect(page.getByText(/16 anni/)).toBeVisible();
    });
  }

  test("/reset-password senza token torna alla home", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/$/);
  });

  test("un percorso sconosciuto mostra la pagina 404 con il link alla home", async ({ page }) => {
    const response = await page.goto("/questa-pagina-non-esiste");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Pagina non trovata")).toBeVisible();
    await page.getByRole("link", { name: "Torna alla home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("/healthz riporta database e worker", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", worker: "ok" });
  });

  test("un carattere NUL nell'indirizzo è un 400 'Dati non validi.', non un errore del server", async ({ request }) => {
    const api = await request.get("/api/subscription/types?search=%00");
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ success: false, message: "Dati non validi." });
    const page = await request.get("/subscriptions?search=a%00b");
    expect(page.status()).toBe(400);
    // A page request gets the Italian error page, not a stack trace or a bare 500.
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(await page.text()).toMatch(/<h1[^>]*>Dati non validi\.<\/h1>/);
  });

  test("la navigazione funziona su un telefono", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Apri menu di navigazione" }).click();
    await page.getByRole("navigation", { name: "Navigazione mobile" }).getByRole("link", { name: "Piani" }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await context.close();
  });
});
