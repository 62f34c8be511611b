import { describe, expect, it } from "vitest";
import { MSG } from "~/lib/messages";
import { checkForm, emailOnlySchema, loginSchema, registerFormSchema, resetPasswordFormSchema, sanitizeCode, verifyEmailSchema } from "./auth";

describe("registration form", () => {
  const valid = { name: "Mario Rossi", email: "Mario@Esempio.it ", password: "Password1", confirmPassword: "Password1", acceptTerms: "on" };
  it("reports the first broken rule in the spec's order", () => {
    expect(checkForm(registerFormSchema, {}).error).toBe(MSG.nameRequired);
    expect(checkForm(registerFormSchema, { ...valid, name: " " }).error).toBe(MSG.nameRequired);
    expect(checkForm(registerFormSchema, { ...valid, email: "" }).error).toBe(MSG.emailRequired);
    expect(checkForm(registerFormSchema, { ...valid, email: "mario@" }).error).toBe(MSG.emailInvalid);
    expect(checkForm(registerFormSchema, { ...valid, password: "Pass1", confirmPassword: "Pass1" }).error).toBe(MSG.passwordMin8);
    expect(checkForm(registerFormSchema, { ...valid, confirmPassword: "Password2" }).error).toBe(MSG.passwordsMismatch);
    expect(checkForm(registerFormSchema, { ...valid, acceptTerms: false }).error).toBe(MSG.termsRequired);
  });
  it("gives the first message of each field and sends only name, email and password", () => {
    const check = checkForm(registerFormSchema, { name: "", email: "x", password: "1" });
    expect(check.fieldErrors).toEqual({
      name: MSG.nameRequired,
      email: MSG.emailInvalid,
      password: MSG.passwordMin8,
      confirmPassword: MSG.passwordsMismatch,
      acceptTerms: MSG.termsRequired,
    });
    expect(checkForm(registerFormSchema, valid).data).toEqual({ name: "Mario Rossi", email: "mario@esempio.it", password: "Password1" });
  });
});

describe("other account forms", () => {
  it("login needs both fields", () => {
    expect(checkForm(loginSchema, { email: "", password: "x" }).error).toBe(MSG.emailRequired);
    expect(checkForm(loginSchema, { email: "a@b.it", password: "" }).error).toBe(MSG.passwordRequired);
  });
  it("login accepts the first admin's admin@localhost, not a word without @", () => {
    expect(checkForm(loginSchema, { email: "Admin@Localhost", password: "x" }).data).toEqual({ email: "admin@localhost", password: "x" });
    expect(checkForm(loginSchema, { email: "mario", password: "x" }).error).toBe(MSG.emailInvalid);
    // ...and can ask for a reset link the same way.
    expect(checkForm(emailOnlySchema, { email: "admin@localhost" }).ok).toBe(true);
    // Registration still wants a full address.
    expect(
      checkForm(registerFormSchema, { name: "A", email: "admin@localhost", password: "Password1", confirmPassword: "Password1", acceptTerms: "on" })
        .error,
    ).toBe(MSG.emailInvalid);
  });
  it("the code is exactly six digits; a paste is stripped and cut", () => {
    expect(checkForm(verifyEmailSchema, { email: "a@b.it", code: "12345" }).error).toBe(MSG.codeFormat);
    expect(checkForm(verifyEmailSchema, { email: "a@b.it", code: "123456" }).ok).toBe(true);
    expect(sanitizeCode("Codice: 123 456 789")).toBe("123456");
  });
  it("reset password: required, equal, then length, lowercase, uppercase, digit", () => {
    const r = (password: string, confirmPassword = password) => checkForm(resetPasswordFormSchema, { token: "t", password, confirmPassword }).error;
    expect(r("", "")).toBe(MSG.allFieldsRequired);
    expect(r("Abcdefg1", "Abcdefg2")).toBe(MSG.passwordsMismatch);
    expect(r("Abc1")).toBe(MSG.passwordMin8);
    expect(r("ABCDEFG1")).toBe(MSG.passwordLowercase);
    expect(r("abcdefg1")).toBe(MSG.passwordUppercase);
    expect(r("Abcdefgh")).toBe(MSG.passwordDigit);
    expect(r("Abcdefg1")).toBeUndefined();
  });
});
