import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { loader as googleLoader } from "~/routes/api.auth.google";
import { loader as meLoader } from "~/routes/api.auth.me";
import { action as oauthLoginAction } from "~/routes/api.auth.oauth.login";
import { action as callbackAction, loader as callbackLoader } from "~/routes/auth.google.callback";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { call, cookieValue } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";
import { startOAuthProvider, type OAuthProvider } from "../support/oauth-provider";

useTestDatabase();
let provider: OAuthProvider;

beforeAll(async () => {
  provider = await startOAuthProvider();
  setConfigForTests(provider.config);
});
afterAll(async () => {
  await provider.stop();
});

/** GET /api/auth/google, then the provider's authorize step as a browser would follow it. */
async function authorize() {
  const start = await call(googleLoader, "/api/auth/google");
  expect(start.status).toBe(200);
  expect(start.body.success).toBe(true);
  const oauthCookie = cookieValue(start.cookies, "verbale_oauth")!;
  expect(oauthCookie).toBeTruthy();
  const response = await fetch(start.body.authUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  const callbackUrl = new URL(response.headers.get("Location")!);
  return { start, oauthCookie, callbackUrl };
}

/** The callback page's loader, then its POST to /api/auth/oauth/login with the cookie. */
async function finish(callbackUrl: URL, oauthCookie: string, override: { state?: string } = {}) {
  const page = await call(callbackLoader, `${callbackUrl.pathname}${callbackUrl.search}`);
  expect(page.status).toBe(200);
  if (page.body.error) return { page, login: undefined };
  const login = await call(oauthLoginAction, "/api/auth/oauth/login", {
    cookie: oauthCookie,
    body: { provider: "google", code: page.body.code, state: override.state ?? page.body.state },
  });
  return { page, login };
}

describe("Google sign-in against a local OAuth2 provider", () => {
  it("builds the authorization URL from the configuration with state and PKCE S256", async () => {
    const start = await call(googleLoader, "/api/auth/google");
    const url = new URL(start.body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(provider.config.GOOGLE_AUTH_URL);
    expect(url.searchParams.get("client_id")).toBe(provider.config.GOOGLE_CLIENT_ID);
    expect(url.searchParams.get("redirect_uri")).toBe(`${getConfig().APP_URL}/auth/google/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("scope")).toContain("email");
    const cookie = start.cookies.find((c) => c.startsWith("verbale_oauth="))!;
    expect(cookie.split("; ")).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Max-Age=600", "Path=/"]));

    const redirect = await call(googleLoader, "/api/auth/google?redirect=1");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toContain(provider.config.GOOGLE_AUTH_URL);
  });

  it("creates a verified USER for a new Google account and signs it in (token and cookie)", async () => {
    const profile = provider.setProfile({ email: "Nuovo.Google@Esempio.it", name: "Nuovo Google", picture: "https://esempio.it/foto.png" });
    const { callbackUrl, oauthCookie } = await authorize();
    const { login } = await finish(callbackUrl, oauthCookie);
    expect(login!.status).toBe(200);
    expect(login!.body).toMatchObject({
      success: true,
      message: MSG.googleSuccess,
      user: {
        email: "nuovo.google@esempio.it",
        name: "Nuovo Google",
        role: "USER",
        isEmailVerified: true,
        isActive: true,
        avatar: "https://esempio.it/foto.png",
      },
    });
    expect(cookieValue(login!.cookies, "verbale_session")).toBe(`verbale_session=${login!.body.token}`);
    expect(login!.cookies.some((c) => c.startsWith("verbale_oauth=;"))).toBe(true);
    const me = await call(meLoader, "/api/auth/me", { token: login!.body.token });
    expect(me.body.user.email).toBe("nuovo.google@esempio.it");
    const [row] = await getDb().select().from(users).where(eq(users.googleId, profile.sub));
    expect(row.passwordHash).toBeNull();
    expect(provider.requests.some((r) => r.path === "/token" && r.body?.includes("code_verifier="))).toBe(true);

    // the same Google account again: the same user, not a new one
    const again = await authorize();
    const second = await finish(again.callbackUrl, again.oauthCookie);
    expect(second.login!.body.user.id).toBe(login!.body.user.id);
  });

  it("signs an existing user in when Google's verified e-mail matches, and links the account", async () => {
    const existing = await createTestUser({ email: "esistente.google@esempio.it", verified: false });
    const profile = provider.setProfile({ email: "esistente.google@esempio.it", email_verified: true });
    const { callbackUrl, oauthCookie } = await authorize();
    const { login } = await finish(callbackUrl, oauthCookie);
    expect(login!.status).toBe(200);
    expect(login!.body.user).toMatchObject({ id: existing.id, isEmailVerified: true });
    const [row] = await getDb().select().from(users).where(eq(users.id, existing.id));
    expect(row.googleId).toBe(profile.sub);
  });

  it("refuses a wrong state, a missing or forged cookie, and does not spend the code", async () => {
    provider.setProfile({ email: "stato@esempio.it" });
    const { callbackUrl, oauthCookie } = await authorize();
    const wrong = await finish(callbackUrl, oauthCookie, { state: "uno-stato-diverso" });
    expect(wrong.login!.status).toBe(400);
    expect(wrong.login!.body.message).toBe(MSG.oauthStateInvalid);

    const code = callbackUrl.searchParams.get("code")!;
    const state = callbackUrl.searchParams.get("state")!;
    const noCookie = await call(oauthLoginAction, "/api/auth/oauth/login", { body: { provider: "google", code, state } });
    expect(noCookie.status).toBe(400);
    expect(noCookie.body.message).toBe(MSG.oauthStateInvalid);
    const forged = oauthCookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const tampered = await call(oauthLoginAction, "/api/auth/oauth/login", { cookie: forged, body: { provider: "google", code, state } });
    expect(tampered.status).toBe(400);
    expect(provider.requests.filter((r) => r.path === "/token" && r.body?.includes(code))).toHaveLength(0);

    const right = await finish(callbackUrl, oauthCookie);
    expect(right.login!.status).toBe(200);
  });

  it("shows the provider's error on the callback page (error_description, else error)", async () => {
    provider.failNextAuthorize("access_denied", "L'utente ha negato l'accesso");
    const { callbackUrl } = await authorize();
    expect(callbackUrl.searchParams.get("code")).toBeNull();
    const page = await call(callbackLoader, `${callbackUrl.pathname}${callbackUrl.search}`);
    expect(page.body).toMatchObject({ code: null, error: "L'utente ha negato l'accesso" });

    provider.failNextAuthorize("server_error");
    const second = await authorize();
    expect((await call(callbackLoader, `${second.callbackUrl.pathname}${second.callbackUrl.search}`)).body.error).toBe("server_error");

    const none = await call(callbackLoader, "/auth/google/callback");
    expect(none.body.error).toBe(MSG.googleNoCode);
  });

  it("turns an error of the token endpoint into a readable 400 (PKCE checked by the provider)", async () => {
    provider.setProfile({ email: "token@esempio.it" });
    const { callbackUrl, oauthCookie } = await authorize();
    provider.failNextToken("invalid_grant", "Codice scaduto presso il provider");
    const { login } = await finish(callbackUrl, oauthCookie);
    expect(login!.status).toBe(400);
    expect(login!.body.message).toBe("Codice scaduto presso il provider");

    // a code used twice is refused by the provider
    const fresh = await authorize();
    expect((await finish(fresh.callbackUrl, fresh.oauthCookie)).login!.status).toBe(200);
    const reused = await finish(fresh.callbackUrl, fresh.oauthCookie);
    expect(reused.login!.status).toBe(400);
  });

  it("refuses a Google account without a verified e-mail, and an inactive user", async () => {
    provider.setProfile({ email: "nonverificata@esempio.it", email_verified: false });
    let flow = await authorize();
    expect((await finish(flow.callbackUrl, flow.oauthCookie)).login!.body.message).toBe(MSG.googleEmailNotVerified);

    provider.setProfile({ email: undefined });
    flow = await authorize();
    expect((await finish(flow.callbackUrl, flow.oauthCookie)).login!.body.message).toBe(MSG.userEmailUnavailable);

    await createTestUser({ email: "inattivo.google@esempio.it", active: false });
    provider.setProfile({ email: "inattivo.google@esempio.it" });
    flow = await authorize();
    const inactive = (await finish(flow.callbackUrl, flow.oauthCookie)).login!;
    expect(inactive.status).toBe(403);
    expect(inactive.body.message).toBe(MSG.accountInactive);
  });

  it("completes through the callback page's own form when JavaScript is off", async () => {
    provider.setProfile({ email: "senzajs@esempio.it" });
    const { callbackUrl, oauthCookie } = await authorize();
    const answer = await call(callbackAction, "/auth/google/callback", {
      cookie: oauthCookie,
      form: { code: callbackUrl.searchParams.get("code")!, state: callbackUrl.searchParams.get("state")! },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard");
    expect(cookieValue(answer.cookies, "verbale_session")).toBeTruthy();

    const bad = await call(callbackAction, "/auth/google/callback", { cookie: oauthCookie, form: { code: "x", state: "y" } });
    expect(bad.headers.get("Location")).toBe("/login");
  });

  it("answers 503 with the catalogue text when Google is not configured", async () => {
    setConfigForTests({ GOOGLE_CLIENT_ID: undefined });
    const answer = await call(googleLoader, "/api/auth/google");
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(MSG.googleAuthUrlUnavailable);
    setConfigForTests(provider.config);
  });
});
