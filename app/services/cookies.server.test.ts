import { afterEach, describe, expect, it } from "vitest";
import { getConfig, setConfigForTests } from "./config.server";
import { createGoogleAuthorization, readOAuthCookie } from "./google-oauth.server";
import { clearSessionCookieHeader, sessionCookieHeader } from "./session.server";
import { flashToastHeader, readFlashToast } from "./toast.server";

const original = getConfig();
afterEach(() => {
  setConfigForTests(original);
});

function requestWith(setCookie: string): Request {
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });
}

function attributes(setCookie: string): string[] {
  return setCookie.split("; ").slice(1);
}

describe("cookies", () => {
  it("carries a toast across a redirect and reads it back once", () => {
    const header = flashToastHeader({ type: "success", message: "Accesso effettuato" });
    expect(attributes(header)).toEqual(expect.arrayContaining(["Max-Age=60", "Path=/", "HttpOnly", "SameSite=Lax"]));
    const read = readFlashToast(requestWith(header));
    expect(read.toast).toEqual({ type: "success", message: "Accesso effettuato" });
    expect(read.clearHeader).toMatch(/^verbale_toast=; Max-Age=0/);
  });

  it("ignores a toast whose value was edited by the client, and still clears it", () => {
    const header = flashToastHeader({ type: "success", message: "Accesso effettuato" });
    const [payload, signature] = header.split(";")[0].split("=")[1].split(".");
    const forged = Buffer.from(JSON.stringify({ type: "error", message: "Chiama questo numero" })).toString("base64url");
    expect(payload).not.toBe(forged);
    const read = readFlashToast(new Request("http://localhost/", { headers: { Cookie: `verbale_toast=${forged}.${signature}` } }));
    expect(read.toast).toBeNull();
    expect(read.clearHeader).toMatch(/^verbale_toast=; Max-Age=0/);
    // An unsigned value (the format before signing) is not trusted either.
    expect(readFlashToast(new Request("http://localhost/", { headers: { Cookie: `verbale_toast=${forged}` } })).toast).toBeNull();
  });

  it("rejects an OAuth state cookie signed with another secret", () => {
    const { cookieHeader } = safeAuthorization();
    expect(readOAuthCookie(requestWith(cookieHeader))).toMatchObject({ state: expect.any(String), codeVerifier: expect.any(String) });
    setConfigForTests({ SESSION_SECRET: "un-altro-segreto-lungo-abbastanza" });
    expect(readOAuthCookie(requestWith(cookieHeader))).toBeUndefined();
  });

  it("marks every cookie Secure when the app is served over https, and none over http", () => {
    const expires = new Date(Date.now() + 60_000);
    const headers = () => [
      flashToastHeader({ type: "info", message: "x" }),
      sessionCookieHeader("token", expires),
      clearSessionCookieHeader(),
      safeAuthorization().cookieHeader,
    ];
    for (const header of headers()) expect(attributes(header), header).not.toContain("Secure");
    setConfigForTests({ APP_URL: "https://verbale.example" });
    for (const header of headers()) expect(attributes(header), header).toContain("Secure");
  });
});

/** A Google authorization with a client configured (the URL is never fetched). */
function safeAuthorization() {
  const c = getConfig();
  if (!c.GOOGLE_CLIENT_ID || !c.GOOGLE_CLIENT_SECRET) setConfigForTests({ GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" });
  return createGoogleAuthorization();
}
