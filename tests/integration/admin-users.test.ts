import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import * as usersRoute from "~/routes/api.admin.users";
import * as userRoute from "~/routes/api.admin.users.$id";
import * as userToggleRoute from "~/routes/api.admin.users.$id.toggle-status";
import * as usersExportRoute from "~/routes/api.admin.users.export";
import * as storage from "~/services/storage.server";
import { addTranscription, callRoute, useAdmin } from "../support/admin-api";
import { createTestUser, useTestDatabase } from "../support/db";

/** Admin API: users (create, update, toggle, delete, CSV export). */

useTestDatabase();
const ctx = useAdmin();

describe("users: create, update, toggle, delete, export", () => {
  it("creates a user, refuses a duplicate e-mail and reports the first validation message", async () => {
    const created = await callRoute(usersRoute, "POST", "/api/admin/users", {
      token: ctx.admin.token,
      body: {
        email: "Nuovo.Utente@Esempio.it",
        name: "Nuovo Utente",
        password: "segreto1",
        roleId: ctx.userRoleId,
        isActive: true,
        isEmailVerified: true,
      },
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      success: true,
      message: "Utente creato con successo",
      user: { email: "nuovo.utente@esempio.it", role: { name: "USER" }, isEmailVerified: true },
    });

    const duplicate = await callRoute(usersRoute, "POST", "/api/admin/users", {
      token: ctx.admin.token,
      body: { email: "nuovo.utente@esempio.it", name: "Altro", password: "segreto1", roleId: ctx.userRoleId },
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).message).toBe(MSG.adminEmailTaken);

    const invalid = await callRoute(usersRoute, "POST", "/api/admin/users", {
      token: ctx.admin.token,
      body: { email: "x@y.it", name: "X", roleId: ctx.userRoleId },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ success: false, message: "Password è obbligatoria per nuovi utenti" });
  });

  it("updates a user keeping the password when blank, and changing it when given", async () => {
    const target = await createTestUser({ name: "Da Modificare" });
    const [before] = await getDb().select().from(users).where(eq(users.id, target.id));
    const kept = await callRoute(userRoute, "PUT", `/api/admin/users/${target.id}`, {
      token: ctx.admin.token,
      params: { id: target.id },
      body: { email: target.email, name: "Modificato", password: "", roleId: ctx.userRoleId, isActive: true, isEmailVerified: false },
    });
    expect(kept.status).toBe(200);
    expect((await kept.json()).message).toBe("Utente aggiornato con successo");
    const [afterKeep] = await getDb().select().from(users).where(eq(users.id, target.id));
    expect(afterKeep.name).toBe("Modificato");
    expect(afterKeep.isEmailVerified).toBe(false);
    expect(afterKeep.passwordHash).toBe(before.passwordHash);

    await callRoute(userRoute, "PUT", `/api/admin/users/${target.id}`, {
      token: ctx.admin.token,
      params: { id: target.id },
      body: { email: target.email, name: "Modificato", password: "nuovapass", roleId: ctx.userRoleId, isActive: true, isEmailVerified: true },
    });
    const [afterChange] = await getDb().select().from(users).where(eq(users.id, target.id));
    expect(afterChange.passwordHash).not.toBe(before.passwordHash);
  });

  it("self-protection: an admin cannot delete or deactivate their own account", async () => {
    const del = await callRoute(userRoute, "DELETE", `/api/admin/users/${ctx.admin.id}`, { token: ctx.admin.token, params: { id: ctx.admin.id } });
    expect(del.status).toBe(400);
    expect((await del.json()).message).toBe(MSG.adminCannotDeleteSelf);
    const toggle = await callRoute(userToggleRoute, "PATCH", `/api/admin/users/${ctx.admin.id}/toggle-status`, {
      token: ctx.admin.token,
      params: { id: ctx.admin.id },
    });
    expect(toggle.status).toBe(400);
    expect((await toggle.json()).message).toBe(MSG.adminCannotDeactivateSelf);
    const viaUpdate = await callRoute(userRoute, "PUT", `/api/admin/users/${ctx.admin.id}`, {
      token: ctx.admin.token,
      params: { id: ctx.admin.id },
      body: { email: ctx.admin.email, name: "Admin", roleId: ctx.adminRoleId, isActive: false, isEmailVerified: true },
    });
    expect(viaUpdate.status).toBe(400);
    const [still] = await getDb().select().from(users).where(eq(users.id, ctx.admin.id));
    expect(still.isActive).toBe(true);
  });

  it("never removes the last active admin", async () => {
    // Make `admin` the only active admin: deactivate the seeded one (allowed, another admin remains).
    const [seeded] = await getDb().select().from(users).where(eq(users.email, "admin@verbale.test"));
    const off = await callRoute(userToggleRoute, "PATCH", `/api/admin/users/${seeded.id}/toggle-status`, {
      token: ctx.admin.token,
      params: { id: seeded.id },
    });
    expect(off.status).toBe(200);
    expect((await off.json()).message).toBe("Stato utente aggiornato con successo");

    const demote = await callRoute(userRoute, "PUT", `/api/admin/users/${ctx.admin.id}`, {
      token: ctx.admin.token,
      params: { id: ctx.admin.id },
      body: { email: ctx.admin.email, name: "Admin", roleId: ctx.userRoleId, isActive: true, isEmailVerified: true },
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe(MSG.adminLastAdmin);
    const [stillAdmin] = await getDb().select().from(users).where(eq(users.id, ctx.admin.id));
    expect(stillAdmin.roleId).toBe(ctx.adminRoleId);

    // With a second active admin again, demoting becomes possible.
    const on = await callRoute(userToggleRoute, "PATCH", `/api/admin/users/${seeded.id}/toggle-status`, {
      token: ctx.admin.token,
      params: { id: seeded.id },
    });
    expect((await on.json()).user.isActive).toBe(true);
  });

  it("deletes a user with their files", async () => {
    const target = await createTestUser();
    const t = await addTranscription(target.id);
    await storage.putBuffer(t.fileName, Buffer.from("audio"));
    const response = await callRoute(userRoute, "DELETE", `/api/admin/users/${target.id}`, { token: ctx.admin.token, params: { id: target.id } });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Utente eliminato con successo");
    expect(await getDb().select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect(await storage.stat(t.fileName)).toBeUndefined();
    const again = await callRoute(userRoute, "DELETE", `/api/admin/users/${target.id}`, { token: ctx.admin.token, params: { id: target.id } });
    expect(again.status).toBe(404);
  });

  it("exports users as CSV with BOM, quoting and formula neutralisation", async () => {
    await createTestUser({ name: '=HYPERLINK("http://evil")', email: "formula@esempio.it" });
    const response = await callRoute(usersExportRoute, "GET", "/api/admin/users/export?search=formula", { token: ctx.admin.token });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Email","Nome","Ruolo","Email verificata","Attivo","Trascrizioni","Ultimo accesso","Creato il"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(lines[1]).toContain('"formula@esempio.it"');
  });
});
