import { wrongTypes, type Case } from "./case";
import { f } from "./fixtures";

/** /api/auth/*: registration, login, e-mail verification, password reset, Google, session. */
export function authCases(): Case[] {
  return [
    {
      file: "api.auth.register",
      method: "POST",
      path: () => "/api/auth/register",
      access: "public",
      body: () => ({ name: "Nuovo Utente", email: "contratto-nuovo@esempio.it", password: "Password123" }),
      invalid: [
        {},
        { name: "", email: "x@esempio.it", password: "Password123" },
        { name: "A", email: "non-email", password: "Password123" },
        { name: "A", email: "y@esempio.it", password: "corta" },
        ...wrongTypes(["name", "email", "password"]),
      ],
      ok: { status: 201, fields: ["success", "token", "user", "message"] },
    },
    {
      file: "api.auth.login",
      method: "POST",
      path: () => "/api/auth/login",
      access: "public",
      body: () => ({ email: f.loginUser.email, password: f.loginUser.password }),
      invalid: [{}, { email: "", password: "x" }, { email: "a@esempio.it" }, ...wrongTypes(["email", "password"])],
      ok: { status: 200, fields: ["success", "token", "user", "message"] },
    },
    // Success with a real provider: auth-google.test.ts. Here: the shape of a refusal (no state cookie).
    {
      file: "api.auth.oauth.login",
      method: "POST",
      path: () => "/api/auth/oauth/login",
      access: "public",
      body: () => ({ provider: "google", code: "codice", state: "stato" }),
      invalid: [{}, { provider: "facebook", code: "x" }, { provider: "google" }, ...wrongTypes(["provider", "code"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.verify-email",
      method: "POST",
      path: () => "/api/auth/verify-email",
      access: "public",
      body: () => ({ email: f.unverified.email, code: "000000" }),
      invalid: [{}, { email: f.unverified?.email, code: "12345" }, { email: "x", code: "123456" }, ...wrongTypes(["email", "code"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.resend-verification",
      method: "POST",
      path: () => "/api/auth/resend-verification",
      access: "public",
      body: () => ({ email: "nessuno-contratto@esempio.it" }),
      invalid: [{}, { email: "" }, { email: "x" }, ...wrongTypes(["email"])],
      ok: { status: 200, fields: ["success", "message", "retryAfter"] },
    },
    {
      file: "api.auth.forgot-password",
      method: "POST",
      path: () => "/api/auth/forgot-password",
      access: "public",
      body: () => ({ email: "nessuno-reset@esempio.it" }),
      invalid: [{}, { email: "" }, ...wrongTypes(["email"])],
      ok: { status: 200, fields: ["success", "message"] },
    },
    // Success: auth.test.ts (needs the mailed link). Here: an unknown link is refused with its text.
    {
      file: "api.auth.reset-password",
      method: "POST",
      path: () => "/api/auth/reset-password",
      access: "public",
      body: () => ({ token: "sconosciuto", password: "Password123" }),
      invalid: [{}, { token: "x", password: "debole" }, { token: "x", password: "tuttominuscolo1" }, ...wrongTypes(["token", "password"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.logout",
      method: "POST",
      path: () => "/api/auth/logout",
      access: "public",
      ok: { status: 200, fields: ["success", "message"], user: () => f.logoutUser },
    },
    {
      file: "api.account",
      method: "DELETE",
      path: () => "/api/account",
      access: "user",
      body: () => ({ password: f.eraseUser.password }),
      invalid: [{}, { password: "" }, ...wrongTypes(["password", "email"])],
      ok: { status: 200, fields: ["success", "message"], user: () => f.eraseUser },
    },
    {
      file: "api.account.export",
      method: "GET",
      path: () => "/api/account/export",
      access: "user",
      ok: { status: 200, contentType: /^application\/zip$/ },
    },
    { file: "api.auth.me", method: "GET", path: () => "/api/auth/me", access: "user", ok: { status: 200, fields: ["success", "user"] } },
    { file: "api.auth.check", method: "GET", path: () => "/api/auth/check", access: "user", ok: { status: 200, fields: ["success", "user"] } },
    { file: "api.auth.google", method: "GET", path: () => "/api/auth/google", access: "public", ok: { status: 200, fields: ["success", "authUrl"] } },
  ];
}
