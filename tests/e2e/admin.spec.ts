import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createUser, db, signIn } from "./support/db";

/** The admin area in Chromium: create a user, edit and toggle a plan, retry a failed transcription, export, analytics. */

test.describe("area amministrazione", () => {
  test("un amministratore gestisce utenti, piani e trascrizioni", async ({ page, context }) => {
    const admin = await createUser({ role: "ADMIN", plan: null, name: "Amministratore E2E" });
    const owner = await createUser({ name: "Proprietario Registrazione" });
    const suffix = randomBytes(3).toString("hex").toUpperCase();
    const planCode = `E2E_${suffix}`;
    await db()`insert into subscription_types (code, name, price, sort_order) values (${planCode}, ${`Piano E2E ${suffix}`}, 5, 90)`;
    await db()`
      insert into transcriptions (user_id, status, file_name, original_name, file_size, usage_month, usage_megabytes, title, error_message)
      values (${owner.id}, 'FAILED', ${`audio/e2e-${suffix}.webm`}, 'consiglio_direttivo.webm', 1000, date_trunc('month', now())::date, 1, ${`Riunione fallita ${suffix}`}, 'Errore di prova')`;
    await signIn(context, admin);

    // Non-admins never see the area; the admin lands on the overview with its sidebar.
    await page.goto("/dashboard");
    await expect(page.getByTestId("admin-sidebar")).toBeVisible();
    await expect(page.getByTestId("card-users")).toBeVisible();

    // Create a user: the spec's validation messages first, then success.
    await page.getByTestId("admin-sidebar").getByRole("link", { name: "Utenti" }).click();
    await page.getByTestId("new-user").click();
    const form = page.getByTestId("user-form");
    await form.getByRole("button", { name: "Crea utente" }).click();
    await expect(form.getByText("Email è obbligatoria")).toBeVisible();
    await expect(form.getByText("Nome è obbligatorio")).toBeVisible();
    await expect(form.getByText("Password è obbligatoria per nuovi utenti")).toBeVisible();
    const email = `creato-${suffix.toLowerCase()}@esempio.it`;
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Nome").fill("Utente Creato");
    await form.getByLabel(/^Password/).fill("abc");
    await form.getByRole("button", { name: "Crea utente" }).click();
    await expect(form.getByText("Password deve essere di almeno 6 caratteri")).toBeVisible();
    await form.getByLabel(/^Password/).fill("segreto123");
    await form.getByRole("button", { name: "Crea utente" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Utente creato con successo" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Cerca" }).fill(email);
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row")).toContainText("Utente Creato");

    // Export the filtered list as CSV.
    const downloadPromise = page.waitForEvent("download");
    await page.getByTestId("export-users").click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByTestId("toast").filter({ hasText: "Esportazione completata con successo" })).toBeVisible();

    // Delete the created user through the confirmation dialog.
    // Row actions sit in one compact menu per row.
    await page.getByTestId("table-row").getByTestId("row-actions").click();
    await page.getByTestId("table-row").getByRole("link", { name: "Elimina" }).click();
    const confirmDelete = page.getByRole("dialog", { name: "Elimina utente" });
    await expect(confirmDelete).toContainText(email);
    await confirmDelete.getByRole("button", { name: "Elimina" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Utente eliminato con successo" })).toBeVisible();
    await expect(page.getByTestId("table-row")).toHaveCount(0);
    expect(await db()`select 1 from users where email = ${email}`).toHaveLength(0);

    // Cancel the owner's subscription with a reason.
    await page.goto(`/dashboard/subscriptions?search=${encodeURIComponent(owner.email)}`);
    await page.getByTestId("table-row").getByTestId("row-actions").click();
    await page.getByTestId("table-row").getByRole("link", { name: "Cancella" }).click();
    const confirmCancel = page.getByRole("dialog", { name: "Cancella sottoscrizione" });
    await confirmCancel.getByLabel("Motivo (facoltativo)").fill("Prova di cancellazione");
    await confirmCancel.getByRole("button", { name: "Cancella sottoscrizione" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Sottoscrizione cancellata con successo" })).toBeVisible();
    await expect(page.getByTestId("table-row")).toContainText("Cancellata");

    // Edit a plan, then toggle it.
    await page.goto(`/dashboard/subscription-types?search=${planCode}`);
    const row = page.getByTestId("table-row").filter({ hasText: planCode });
    await row.getByTestId("row-actions").click();
    await page.getByTestId(`edit-${planCode}`).click();
    const planForm = page.getByTestId("plan-form");
    await planForm.getByLabel("Nome").fill(`Piano Modificato ${suffix}`);
    await planForm.getByLabel("Dimensione max file (MB)").fill("0");
    await planForm.getByRole("button", { name: "Salva modifiche" }).click();
    await expect(planForm.getByText("La dimensione massima del file deve essere almeno 1 MB")).toBeVisible();
    await planForm.getByLabel("Dimensione max file (MB)").fill("150");
    await planForm.getByRole("button", { name: "Salva modifiche" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Piano sottoscrizione creato/aggiornato con successo" })).toBeVisible();
    await expect(row).toContainText(`Piano Modificato ${suffix}`);
    await expect(row).toContainText("0 caratteristiche");
    await expect(row).toContainText("Attivo");
    await row.getByTestId("row-actions").click();
    await page.getByTestId(`toggle-${planCode}`).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Stato del piano aggiornato con successo" })).toBeVisible();
    await expect(row).toContainText("Inattivo");

    // Retry the failed transcription.
    await page.goto(`/dashboard/transcriptions?user=${encodeURIComponent(owner.email)}`);
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row")).toContainText("Fallita");
    // The search also matches the original file name shown in the table.
    await page.getByRole("searchbox", { name: "Cerca" }).fill("direttivo");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect(page.getByTestId("table-row")).toHaveCount(1);
    await expect(page.getByTestId("table-row")).toContainText("consiglio_direttivo.webm");
    await page.getByTestId("table-row").getByTestId("row-actions").click();
    await page.getByTestId("retry").click();
    await expect(page.getByTestId("toast").filter({ hasText: "Trascrizione riavviata con successo" })).toBeVisible();
    const [after] = await db()`select attempts, status from transcriptions where user_id = ${owner.id}`;
    expect(["PENDING", "PROCESSING", "FAILED"]).toContain(after.status);

    // Analytics.
    await page.getByTestId("admin-sidebar").getByRole("link", { name: "Analisi" }).click();
    await expect(page.getByRole("heading", { name: "Analisi" })).toBeVisible();
    await expect(page.getByTestId("chart")).toHaveCount(5);
    await expect(page.getByTestId("failure-rate")).toBeVisible();
    await page.getByRole("link", { name: "7 giorni" }).click();
    await expect(page).toHaveURL(/days=7/);
  });

  test("un utente normale viene rimandato alla home", async ({ page, context }) => {
    const user = await createUser();
    await signIn(context, user);
    await page.goto("/dashboard/users");
    await expect(page).toHaveURL(/\/$/);
  });
});
