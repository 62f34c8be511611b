import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { getSql } from "~/db/client.server";
import { AUTH_LIMITS } from "~/services/auth/common.server";
import { EMAIL_RATE_LIMIT } from "~/services/email-delivery.server";
import { cases, invoke, type Answer } from "../support/api-contract";
import type { Case } from "../support/api-contract/case";
import { f, useContractFixtures } from "../support/api-contract/fixtures";
import { createTestUser } from "../support/db";

/**
 * Rate limits of the design ("Codes, logins and resets are rate-limited (429 with retryAfter)"):
 * the request after the limit answers 429 with retryAfter, the Retry-After header and the
 * catalogue's 'Troppe richieste. Riprova tra {retryAfter}.', even with the right credentials, and
 * the limit is per e-mail / per client address / per user, not global.
 */

useContractFixtures();
// Each case hashes dozens of passwords with scrypt (deliberately slow): on a busy 2-core machine
// that alone can pass the default 30 s, which says nothing about the limits under test.
vi.setConfig({ testTimeout: 120_000 });

const route = (file: string): Case => cases().find((c) => c.file === file)!;
let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter % 250}`;

/** Calls without the contract suite's reset of the limits. */
async function hit(c: Case, body: unknown, ip: string, token?: string): Promise<Answer> {
  return invoke(c, { body, token, context: { clientIp: ip }, keepRateLimits: true });
}

function expectLimited(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(429);
  expect(answer.body.success, what).toBe(false);
  expect(answer.body.retryAfter, what).toBeGreaterThan(0);
  expect(answer.headers.get("Retry-After"), what).toBe(String(answer.body.retryAfter));
}

const catalogue429 = /^Troppe richieste\. Riprova tra \d+ (secondi|minut[oi])\.$/;

describe("/api rate limits", () => {
  it("login: wrong passwords slow the guessing address but never lock the owner out", async () => {
    await getSql()`delete from rate_limits`;
    const victim = await createTestUser();
    const attacker = newIp();
    const [perPair] = AUTH_LIMITS.loginFailuresPerEmailAndIp;
    for (let i = 0; i < perPair; i++) {
      expect((await hit(route("api.auth.login"), { email: victim.email, password: "Sbagliata123" }, attacker)).status).toBe(401);
    }
    const slowed = await hit(route("api.auth.login"), { email: victim.email, password: victim.password }, attacker);
    expectLimited(slowed, "login from the guessing address");
    expect(slowed.body.message).toMatch(catalogue429);
    // Ten wrong passwords used to lock the owner out for 15 minutes, wherever they signed in from.
    for (let i = 0; i < 5; i++) await hit(route("api.auth.login"), { email: victim.email, password: "Sbagliata123" }, newIp());
    expect((await hit(route("api.auth.login"), { email: victim.email, password: victim.password }, newIp())).status).toBe(200);

    // A guesser spread over many addresses holds the account, but not a session the owner already has.
    const [perAccount, window] = AUTH_LIMITS.loginFailuresPerEmail;
    await getSql()`insert into rate_limits (key, count, reset_at) values (${`loginFailuresPerEmail:${victim.email.toLowerCase()}`}, ${perAccount}, now() + make_interval(secs => ${window}))
      on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`;
    expectLimited(await hit(route("api.auth.login"), { email: victim.email, password: victim.password }, newIp()), "login per account");
    expect((await hit(route("api.auth.login"), { email: victim.email, password: victim.password }, newIp(), victim.token)).status).toBe(200);

    // After a password reset, signing in works again at once from anywhere.
    const token = "token-di-prova-" + Date.now();
    await getSql()`insert into password_reset_tokens (user_id, token_hash, expires_at)
      values (${victim.id}, ${createHash("sha256").update(token).digest("hex")}, now() + interval '1 hour')`;
    expect((await hit(route("api.auth.reset-password"), { token, password: "NuovaPassword1" }, newIp())).status).toBe(200);
    expect((await hit(route("api.auth.login"), { email: victim.email, password: "NuovaPassword1" }, attacker)).status).toBe(200);
  });

  it("login: one client address is limited across e-mails", async () => {
    await getSql()`delete from rate_limits`;
    const [max] = AUTH_LIMITS.loginPerIp;
    const ip = "198.51.100.7";
    for (let i = 0; i < max; i++) {
      expect((await hit(route("api.auth.login"), { email: `sconosciuto${i}@esempio.it`, password: "Qualsiasi123" }, ip)).status).toBe(401);
    }
    expectLimited(await hit(route("api.auth.login"), { email: f.loginUser.email, password: f.loginUser.password }, ip), "login per IP");
    expect((await hit(route("api.auth.login"), { email: f.loginUser.email, password: f.loginUser.password }, "198.51.100.8")).status).toBe(200);
  });

  it("verify-email: attempts per e-mail and per address", async () => {
    await getSql()`delete from rate_limits`;
    const [perEmail] = AUTH_LIMITS.verifyPerEmail;
    for (let i = 0; i < perEmail; i++) {
      expect((await hit(route("api.auth.verify-email"), { email: f.unverified.email, code: "000000" }, newIp())).status).toBe(400);
    }
    expectLimited(await hit(route("api.auth.verify-email"), { email: f.unverified.email, code: "000000" }, newIp()), "verify per e-mail");
    await getSql()`delete from rate_limits`;
    const [perIp] = AUTH_LIMITS.verifyPerIp;
    const ip = "198.51.100.9";
    for (let i = 0; i < perIp; i++) {
      expect((await hit(route("api.auth.verify-email"), { email: `v${i}@esempio.it`, code: "000000" }, ip)).status).toBe(400);
    }
    expectLimited(await hit(route("api.auth.verify-email"), { email: "altro@esempio.it", code: "000000" }, ip), "verify per IP");
  });

  it("resend-verification: a 60-second cool-down per address, and a limit per client address", async () => {
    await getSql()`delete from rate_limits`;
    const first = await hit(route("api.auth.resend-verification"), { email: f.unverified.email }, newIp());
    expect(first.status).toBe(200);
    expectLimited(await hit(route("api.auth.resend-verification"), { email: f.unverified.email }, newIp()), "resend cool-down");
    // The same answer for an address without an account: no enumeration.
    expect((await hit(route("api.auth.resend-verification"), { email: "nessuno-cd@esempio.it" }, newIp())).status).toBe(200);
    expectLimited(await hit(route("api.auth.resend-verification"), { email: "nessuno-cd@esempio.it" }, newIp()), "resend cool-down, unknown address");
    await getSql()`delete from rate_limits`;
    const [perIp] = AUTH_LIMITS.resendPerIp;
    const ip = "198.51.100.10";
    for (let i = 0; i < perIp; i++) expect((await hit(route("api.auth.resend-verification"), { email: `r${i}@esempio.it` }, ip)).status).toBe(200);
    expectLimited(await hit(route("api.auth.resend-verification"), { email: "r-ultimo@esempio.it" }, ip), "resend per IP");
  });

  it("forgot-password: per e-mail and per address", async () => {
    await getSql()`delete from rate_limits`;
    const [perEmail] = AUTH_LIMITS.forgotPerEmail;
    for (let i = 0; i < perEmail; i++) expect((await hit(route("api.auth.forgot-password"), { email: f.loginUser.email }, newIp())).status).toBe(200);
    const locked = await hit(route("api.auth.forgot-password"), { email: f.loginUser.email }, newIp());
    expectLimited(locked, "forgot per e-mail");
    expect(locked.body.message).toMatch(catalogue429);
    await getSql()`delete from rate_limits`;
    const [perIp] = AUTH_LIMITS.forgotPerIp;
    const ip = "198.51.100.11";
    for (let i = 0; i < perIp; i++) expect((await hit(route("api.auth.forgot-password"), { email: `fp${i}@esempio.it` }, ip)).status).toBe(200);
    expectLimited(await hit(route("api.auth.forgot-password"), { email: "fp-ultimo@esempio.it" }, ip), "forgot per IP");
  });

  it("reset-password and register: per address", async () => {
    await getSql()`delete from rate_limits`;
    const ip = "198.51.100.12";
    const [reset] = AUTH_LIMITS.resetPerIp;
    for (let i = 0; i < reset; i++)
      expect((await hit(route("api.auth.reset-password"), { token: `t${i}`, password: "Password123" }, ip)).status).toBe(400);
    expectLimited(await hit(route("api.auth.reset-password"), { token: "t", password: "Password123" }, ip), "reset per IP");
    const [register] = AUTH_LIMITS.registerPerIp;
    const ip2 = "198.51.100.13";
    for (let i = 0; i < register; i++) {
      expect(
        (await hit(route("api.auth.register"), { name: "Mario", email: `reg${i}-limite@esempio.it`, password: "Password123" }, ip2)).status,
      ).toBe(201);
    }
    expectLimited(
      await hit(route("api.auth.register"), { name: "Mario", email: "reg-ultimo@esempio.it", password: "Password123" }, ip2),
      "register per IP",
    );
  });

  it("document e-mail: per user, counting only requests that would send", async () => {
    await getSql()`delete from rate_limits`;
    const c = route("api.document.$id.email");
    const body = { email: "destinatario@esempio.it", subject: "Riunione", message: "In allegato." };
    const sender = await createTestUser({ plan: "FREE_BASIC" });
    for (let i = 0; i <= EMAIL_RATE_LIMIT.limit; i++) {
      // Someone else's transcription: refused as missing, and a refusal sends nothing, so it
      // does not count against the hour.
      expect((await invoke(c, { token: sender.token, body, keepRateLimits: true })).status).toBe(404);
    }
    for (let i = 0; i < EMAIL_RATE_LIMIT.limit; i++) {
      expect((await invoke(c, { token: f.owner.token, body, keepRateLimits: true })).status).toBe(200);
    }
    const locked = await invoke(c, { token: f.owner.token, body, keepRateLimits: true });
    expectLimited(locked, "e-mail per user");
    expect(locked.body.message).toMatch(catalogue429);
  });

  it("words the resend-verification cool-down as the catalogue's 429 text", async () => {
    await getSql()`delete from rate_limits`;
    expect((await hit(route("api.auth.resend-verification"), { email: f.unverified.email }, newIp())).status).toBe(200);
    const cooling = await hit(route("api.auth.resend-verification"), { email: f.unverified.email }, newIp());
    expectLimited(cooling, "resend cool-down");
    expect(cooling.body.message).toMatch(catalogue429);
  });
});
