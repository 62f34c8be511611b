import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

/**
 * A small OAuth2 / OpenID-style provider on 127.0.0.1 for tests of the Google sign-in: an
 * authorize endpoint that consents at once (302 back to redirect_uri with code and state, or with
 * error and error_description), a token endpoint that checks client credentials, redirect_uri and
 * the PKCE verifier (S256), and a userinfo endpoint.
 *
 *   const provider = await startOAuthProvider();
 *   setConfigForTests(provider.config);               // GOOGLE_* pointing at it
 *   provider.setProfile({ email: "anna@esempio.it", name: "Anna" });
 *   provider.failNextAuthorize("access_denied", "L'utente ha negato l'accesso");
 */

export type ProviderProfile = { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };

type Grant = { clientId: string; redirectUri: string; challenge: string | null; method: string | null; profile: ProviderProfile; used: boolean };

export type OAuthProvider = {
  url: string;
  config: {
    GOOGLE_CLIENT_ID: string;
    GOOGLE_CLIENT_SECRET: string;
    GOOGLE_AUTH_URL: string;
    GOOGLE_TOKEN_URL: string;
    GOOGLE_USERINFO_URL: string;
  };
  /** The account that the next authorizations sign in as. */
  setProfile: (profile: Partial<ProviderProfile>) => ProviderProfile;
  failNextAuthorize: (error: string, description?: string) => void;
  failNextToken: (error: string, description?: string) => void;
  /** Requests received, for assertions ("POST /token", ...). */
  requests: { method: string; path: string; body?: string }[];
  stop: () => Promise<void>;
};

const CLIENT_ID = "verbale-test-client";
const CLIENT_SECRET = "verbale-test-secret";

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

export async function startOAuthProvider(): Promise<OAuthProvider> {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, ProviderProfile>();
  const requests: OAuthProvider["requests"] = [];
  let profile: ProviderProfile = { sub: "google-1", email: "utente.google@esempio.it", email_verified: true, name: "Utente Google" };
  let authorizeError: { error: string; description?: string } | null = null;
  let tokenError: { error: string; description?: string } | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "GET", path: url.pathname, body: body || undefined });

      if (req.method === "GET" && url.pathname === "/authorize") {
        const redirectUri = url.searchParams.get("redirect_uri");
        const state = url.searchParams.get("state");
        if (!redirectUri || url.searchParams.get("client_id") !== CLIENT_ID || url.searchParams.get("response_type") !== "code") {
          return sendJson(res, 400, { error: "invalid_request" });
        }
        const back = new URL(redirectUri);
        if (state) back.searchParams.set("state", state);
        if (authorizeError) {
          back.searchParams.set("error", authorizeError.error);
          if (authorizeError.description) back.searchParams.set("error_description", authorizeError.description);
          authorizeError = null;
        } else {
          const code = randomBytes(16).toString("hex");
          grants.set(code, {
            clientId: CLIENT_ID,
            redirectUri,
            challenge: url.searchParams.get("code_challenge"),
            method: url.searchParams.get("code_challenge_method"),
            profile: { ...profile },
            used: false,
          });
          back.searchParams.set("code", code);
        }
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }

      if (req.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(body);
        let clientId = form.get("client_id");
        let clientSecret = form.get("client_secret");
        const basic = req.headers.authorization?.match(/^Basic (.+)$/i);
        if (basic) {
          const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
          clientId = decodeURIComponent(id);
          clientSecret = decodeURIComponent(secret ?? "");
        }
        if (clientId !== CLIENT_ID || clientSecret !== CLIENT_SECRET) {
          return sendJson(res, 401, { error: "invalid_client", error_description: "Client non riconosciuto" });
        }
        if (tokenError) {
          const error = tokenError;
          tokenError = null;
          return sendJson(res, 400, { error: error.error, error_description: error.description });
        }
        const grant = grants.get(form.get("code") ?? "");
        if (form.get("grant_type") !== "authorization_code" || !grant || grant.used) {
          return sendJson(res, 400, { error: "invalid_grant", error_description: "Codice di autorizzazione non valido o già usato" });
        }
        if (grant.redirectUri !== form.get("redirect_uri")) {
          return sendJson(res, 400, { error: "invalid_grant", error_description: "redirect_uri diverso" });
        }
        if (grant.challenge) {
          const verifier = form.get("code_verifier") ?? "";
          const computed = createHash("sha256").update(verifier).digest("base64url");
          if (grant.method !== "S256" || computed !== grant.challenge) {
            return sendJson(res, 400, { error: "invalid_grant", error_description: "Verifica PKCE fallita" });
          }
        }
        grant.used = true;
        const accessToken = randomBytes(24).toString("hex");
        accessTokens.set(accessToken, grant.profile);
        return sendJson(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
      }

      if (req.method === "GET" && url.pathname === "/userinfo") {
        const token = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
        const who = token ? accessTokens.get(token) : undefined;
        if (!who) return sendJson(res, 401, { error: "invalid_token" });
        return sendJson(res, 200, who);
      }

      sendJson(res, 404, { error: "not_found" });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    config: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    setProfile(next) {
      profile = { sub: `google-${randomBytes(6).toString("hex")}`, email_verified: true, name: "Utente Google", ...next };
      return profile;
    },
    failNextAuthorize(error, description) {
      authorizeError = { error, description };
    },
    failNextToken(error, description) {
      tokenError = { error, description };
    },
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
