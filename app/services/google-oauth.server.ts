import { timingSafeEqual } from "node:crypto";
import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, generateCodeVerifier, generateState } from "arctic";
import { MSG } from "~/lib/messages";
import { ApiError, badRequest } from "./api.server";
import { getConfig } from "./config.server";
import { clearCookieHeader, readSignedCookie, setSignedCookieHeader } from "./cookies.server";
import { log } from "./logger.server";

/**
 * Google sign-in with arctic 3's generic OAuth2 client (authorization code + PKCE S256). Every
 * endpoint comes from the configuration (GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL),
 * so tests run the whole flow against a local provider. State and PKCE verifier travel in a short
 * httpOnly cookie signed with SESSION_SECRET; the callback must present the same state.
 */

export const OAUTH_COOKIE = "verbale_oauth";
const OAUTH_COOKIE_TTL_S = 600;

export type GoogleProfile = { sub: string; email: string | null; emailVerified: boolean; name: string; picture: string | null };

export function googleRedirectUri(): string {
  return `${getConfig().APP_URL}/auth/google/callback`;
}

function client(): OAuth2Client {
  const c = getConfig();
  if (!c.GOOGLE_CLIENT_ID || !c.GOOGLE_CLIENT_SECRET) throw new ApiError(503, MSG.googleAuthUrlUnavailable);
  return new OAuth2Client(c.GOOGLE_CLIENT_ID, c.GOOGLE_CLIENT_SECRET, googleRedirectUri());
}

export function clearOAuthCookieHeader(): string {
  return clearCookieHeader(OAUTH_COOKIE);
}

/** A new authorization URL and the Set-Cookie header that remembers its state and PKCE verifier. */
export function createGoogleAuthorization(): { authUrl: string; cookieHeader: string } {
  const c = getConfig();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client().createAuthorizationURLWithPKCE(c.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, [
    "openid",
    "email",
    "profile",
  ]);
  url.searchParams.set("prompt", "select_account");
  return {
    authUrl: url.toString(),
    cookieHeader: setSignedCookieHeader(
      OAUTH_COOKIE,
      { s: state, v: codeVerifier, e: Date.now() + OAUTH_COOKIE_TTL_S * 1000 },
      { maxAge: OAUTH_COOKIE_TTL_S },
    ),
  };
}

/** The state and verifier of the signed cookie, or undefined when missing, forged or expired. */
export function readOAuthCookie(request: Request): { state: string; codeVerifier: string } | undefined {
  const data = readSignedCookie(request, OAUTH_COOKIE) as { s?: unknown; v?: unknown; e?: unknown } | undefined;
  if (!data || typeof data.s !== "string" || typeof data.v !== "string" || typeof data.e !== "number" || data.e < Date.now()) return undefined;
  return { state: data.s, codeVerifier: data.v };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks the state against the cookie, exchanges the code (with the PKCE verifier) at the token
 * endpoint and reads the user's profile. Provider errors become 400s with a readable message.
 */
export async function completeGoogleSignIn(request: Request, code: string, state: string): Promise<GoogleProfile> {
  const remembered = readOAuthCookie(request);
  if (!remembered || !state || !sameText(remembered.state, state)) throw badRequest(MSG.oauthStateInvalid);
  let accessToken: string;
  try {
    const tokens = await client().validateAuthorizationCode(getConfig().GOOGLE_TOKEN_URL, code, remembered.codeVerifier);
    accessToken = tokens.accessToken();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof OAuth2RequestError) {
      throw badRequest(error.description || error.code || MSG.googleCallbackError);
    }
    if (error instanceof ArcticFetchError) log.error({ err: error.cause }, "[oauth] token endpoint non raggiungibile");
    else log.error({ err: error }, "[oauth] scambio del codice fallito");
    throw new ApiError(502, MSG.googleCallbackError);
  }
  let info: Record<string, unknown>;
  try {
    const response = await fetch(getConfig().GOOGLE_USERINFO_URL, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`userinfo ${response.status}`);
    info = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    log.error({ err: error }, "[oauth] lettura del profilo fallita");
    throw new ApiError(502, MSG.googleCallbackError);
  }
  const sub = typeof info.sub === "string" ? info.sub : typeof info.id === "string" ? info.id : "";
  if (!sub) throw new ApiError(502, MSG.googleCallbackError);
  const email = typeof info.email === "string" && info.email.includes("@") ? info.email.trim().toLowerCase() : null;
  const emailVerified = info.email_verified === true || info.email_verified === "true" || info.verified_email === true;
  const name = typeof info.name === "string" && info.name.trim() ? info.name.trim() : email ? email.split("@")[0] : "Utente Google";
  const picture = typeof info.picture === "string" && /^https:\/\//.test(info.picture) ? info.picture : null;
  return { sub, email, emailVerified, name, picture };
}
