import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function headersFor(options: Parameters<typeof securityHeaders>[0]): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => res.send("ok"));
  const server = http.createServer(app).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return response.headers;
}

const google = "https://accounts.google.com/o/oauth2/v2/auth";

describe("security headers", () => {
  it("adds HSTS and upgrade-insecure-requests only when APP_URL is https", async () => {
    const secure = await headersFor({ appUrl: "https://verbale.example.it", googleAuthUrl: google });
    expect(secure.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(secure.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const plain = await headersFor({ appUrl: "http://127.0.0.1:3000", googleAuthUrl: google });
    expect(plain.get("strict-transport-security")).toBeNull();
    expect(plain.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("lets the Google sign-in form redirect to the configured authorization server, and no other", async () => {
    const csp = (await headersFor({ appUrl: "http://localhost:3000", googleAuthUrl: "http://127.0.0.1:4555/authorize" })).get(
      "content-security-policy",
    );
    expect(csp).toContain("form-action 'self' http://127.0.0.1:4555;");
  });

  it("is report-only in development (Vite's inline client), enforced otherwise", async () => {
    const dev = await headersFor({ appUrl: "http://localhost:3000", googleAuthUrl: google, dev: true });
    expect(dev.get("content-security-policy")).toBeNull();
    expect(dev.get("content-security-policy-report-only")).toContain("script-src 'self' 'nonce-");
    expect(dev.get("x-frame-options")).toBe("DENY");
  });
});
