import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningApp, StartOptions } from "../../server/app";
import { useTestDatabase } from "../support/db";

/** The real HTTP server (built app, express, helmet) on the test database: what a browser receives. */

const root = path.resolve(import.meta.dirname, "../..");
useTestDatabase();
let app: RunningApp;

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "ignore" });
  // The compiled app, as `npm start` runs it (its modules share the test's config and database
  // through their process-wide handles).
  const build = await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href);
  const { startApp } = build.entry.module as { startApp: (options: StartOptions) => Promise<RunningApp> };
  app = await startApp({ build, port: 0, host: "127.0.0.1", quiet: true });
}, 300_000);
afterAll(async () => {
  await app?.stop();
});

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  // APP_URL is http here: HSTS would pin a browser to https the server does not speak.
  expect(headers.get("strict-transport-security")).toBeNull();
  expect(headers.get("x-powered-by")).toBeNull();
}

describe("security headers on every response", () => {
  it("pages: every inline script carries this response's nonce, a new one per request", async () => {
    const first = await fetch(`${app.url}/`);
    expect(first.status).toBe(200);
    expectSecurityHeaders(first.headers);
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1];
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await fetch(`${app.url}/subscriptions`);
    expectSecurityHeaders(second.headers);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("error pages, /api answers, redirects and static files", async () => {
    const notFound = await fetch(`${app.url}/pagina-che-non-esiste`);
    expect(notFound.status).toBe(404);
    expectSecurityHeaders(notFound.headers);

    const api = await fetch(`${app.url}/api/auth/me`);
    expect(api.status).toBe(401);
    expect(api.headers.get("content-type")).toMatch(/application\/json/);
    expectSecurityHeaders(api.headers);

    const redirect = await fetch(`${app.url}/logout`, { redirect: "manual" });
    expect([302, 303]).toContain(redirect.status);
    expectSecurityHeaders(redirect.headers);

    const favicon = await fetch(`${app.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expectSecurityHeaders(favicon.headers);
  });
});
