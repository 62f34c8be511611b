import { describe, expect, it } from "vitest";
import { MSG } from "~/lib/messages";
import { adminUserSchema, fieldErrors, planSchema } from "~/lib/validation/admin";

/** The admin user and plan forms: validation, message by message (spec 5). */

describe("admin user form validation (spec 5), in order", () => {
  const schema = (mode: "create" | "edit") => adminUserSchema({ mode, roleIds: [1, 2] });
  const first = (mode: "create" | "edit", input: Record<string, unknown>) => {
    const r = schema(mode).safeParse(input);
    return r.success ? undefined : r.error.issues[0].message;
  };
  const valid = { email: "nuovo@esempio.it", name: "Nuovo", password: "segreto", roleId: 1 };

  it("gives every message of the spec", () => {
    expect(first("create", { ...valid, email: "" })).toBe("Email è obbligatoria");
    expect(first("create", { ...valid, email: "non-una-email" })).toBe("Email non valida");
    expect(first("create", { ...valid, name: "  " })).toBe("Nome è obbligatorio");
    expect(first("create", { ...valid, password: "" })).toBe("Password è obbligatoria per nuovi utenti");
    expect(first("create", { ...valid, password: "12345" })).toBe("Password deve essere di almeno 6 caratteri");
    expect(first("create", { ...valid, roleId: "" })).toBe("Ruolo è obbligatorio");
    expect(first("create", { ...valid, roleId: 99 })).toBe("Ruolo selezionato non valido");
    expect(first("create", valid)).toBeUndefined();
  });

  it("accepts a blank password on edit but still checks a given one", () => {
    expect(first("edit", { ...valid, password: "" })).toBeUndefined();
    expect(first("edit", { ...valid, password: "abc" })).toBe("Password deve essere di almeno 6 caratteri");
  });

  it("reports one message per field for the modal", () => {
    const r = schema("create").safeParse({ email: "", name: "", password: "", roleId: "" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({
      email: "Email è obbligatoria",
      name: "Nome è obbligatorio",
      password: "Password è obbligatoria per nuovi utenti",
      roleId: "Ruolo è obbligatorio",
    });
  });
});

describe("plan form validation (spec 5)", () => {
  const base = {
    code: "PRO_TEST",
    name: "Pro",
    type: "PAYMENT",
    price: "12.5",
    currency: "EUR",
    interval: "month",
    maxFileSizeMB: "100",
    maxRecordingsPerMonth: "10",
    features: ["Una", "Due"],
  };
  const errors = (input: Record<string, unknown>) => {
    const r = planSchema.safeParse(input);
    return r.success ? {} : fieldErrors(r.error);
  };

  it("requires code, name, type, currency, interval, max file size and recordings", () => {
    expect(errors({ ...base, code: "" }).code).toBe(MSG.planCodeRequired);
    expect(errors({ ...base, name: "" }).name).toBe(MSG.planNameRequired);
    expect(errors({ ...base, type: "" }).type).toBe(MSG.planTypeRequired);
    expect(errors({ ...base, currency: "" }).currency).toBe(MSG.planCurrencyRequired);
    expect(errors({ ...base, currency: "JPY" }).currency).toBe(MSG.planCurrencyRequired);
    expect(errors({ ...base, interval: "" }).interval).toBe(MSG.planIntervalRequired);
    expect(errors({ ...base, maxFileSizeMB: "" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeRequired);
    expect(errors({ ...base, maxRecordingsPerMonth: "" }).maxRecordingsPerMonth).toBe(MSG.planMaxRecordingsRequired);
  });

  it("checks the minimums, the price step and each feature", () => {
    expect(errors({ ...base, price: "" }).price).toBe(MSG.planPriceRequired);
    expect(errors({ ...base, price: "-1" }).price).toBe(MSG.planPriceMin);
    expect(errors({ ...base, price: "1.234" }).price).toBe(MSG.planPriceStep);
    expect(errors({ ...base, maxFileSizeMB: "0" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeMin);
    expect(errors({ ...base, maxRecordingsPerMonth: "-1" }).maxRecordingsPerMonth).toBe(MSG.planMaxRecordingsMin);
    expect(errors({ ...base, maxMBStorage: "-1" }).maxMBStorage).toBe(MSG.planMaxStorageMin);
    expect(errors({ ...base, sortOrder: "-3" }).sortOrder).toBe(MSG.planSortOrderMin);
    expect(errors({ ...base, features: ["ok", "  "] })["features.1"]).toBe(MSG.planFeatureRequired);
    expect(errors({ ...base, features: [{ name: "", value: "x" }] })["features.0.name"]).toBe(MSG.planFeatureRequired);
  });

  it("turns non-numeric numbers into 0, forces price 0 for FREE and applies the defaults", () => {
    const r = planSchema.parse({ ...base, type: "FREE", price: "49.99", maxRecordingsPerMonth: "abc", maxMBStorage: "" });
    expect(r).toMatchObject({
      price: 0,
      maxRecordingsPerMonth: 0,
      maxMBStorage: 0,
      sortOrder: 0,
      isActive: true,
      isPreferred: false,
      autoRenew: false,
      code: "PRO_TEST",
    });
    // A FREE plan needs no price at all.
    expect(planSchema.safeParse({ ...base, type: "FREE", price: undefined }).success).toBe(true);
    // A non-numeric maximum file size becomes 0, which is then below the minimum of 1.
    expect(errors({ ...base, maxFileSizeMB: "abc" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeMin);
  });
});
