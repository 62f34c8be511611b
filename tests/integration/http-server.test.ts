import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { HTTP_ERRORS } from "~/lib/messages";
import { createTestUser, useTestDatabase } from "../support/db";
import { useRunningApp } from "../support/running-app";

/** The HTTP server as clients meet it: error pages, proxy trust, origin checks, slow bodies. */

useTestDatabase();
const server = useRunningApp({ httpLimits: { unauthenticatedBodyDeadlineMs: 1500, maxConcurrentUnauthenticatedBodies: 4 } });

/** Sends raw bytes and resolves with everything the server answered until it closed (or timeoutMs). */
function rawRequest(text: string, timeoutMs = 5000): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (d) => (answer += d));
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on("error", () => {});
  });
}

describe("error pages", () => {
  it("answers a malformed URL with 400 in Italian, without a stack or a server path", async () => {
    for (const target of ["/%E0%A4%A", "/assets/%E0%A4%A", "/transcription/%E0%A4%A"]) {
      const response = await fetch(server.url + target);
      const text = await response.text();
      expect(response.status, target).toBe(400);
      expect(text, target).toContain(HTTP_ERRORS[400]);
      expect(text, target).not.toMatch(/ at |node_modules|\/work\/|URIError|Error:/);
    }
    const api = await fetch(server.url + "/api/%E0%A4%A");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ success: false, message: HTTP_ERRORS[400] });
  });
});

describe("client address and origin", () => {
  it("ignores a forged X-Forwarded-For when TRUST_PROXY is off: 10 registrations from loopback hit the IP limit", async () => {
    // The hour's registrations from 127.0.0.1 are used up.
    await getDb().execute(sql`insert into rate_limits (key, count, reset_at) values ('registerPerIp:127.0.0.1', 30, now() + interval '1 hour')`);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await fetch(server.url + "/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i + 1}` },
        body: JSON.stringify({ name: "Mario Rossi", email: `falso${i}@esempio.it`, password: "Password123" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(10).fill(429));
  });

  it("refuses a cross-origin post to a page action with 403 in Italian (was Remix's 500), whatever X-Forwarded-Host says", async () => {
    const user = await createTestUser();
    for (const headers of <Record<string, string>[]>[
      { Origin: "http://evil.example" },
      { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ]) {
      const response = await fetch(server.url + "/login?index", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `verbale_session=${user.token}`, ...headers },
        body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain(HTTP_ERRORS[403]);
    }
  });

  it("accepts a post from APP_URL's origin or the Host the browser connected to", async () => {
    const user = await createTestUser();
    const host = new URL(server.url).host;
    for (const origin of [server.url, server.app.config.APP_URL]) {
      const response = await fetch(server.url + "/login", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-Host": "evil.example" },
        body: new URLSearchParams({ intent: "login", email: user.email, password: user.password }),
      });
      expect(response.status, origin).not.toBe(403);
      expect(response.status, origin).toBeLessThan(500);
    }
    expect(host).toMatch(/^127\.0\.0\.1:/);
  });
});

describe("timeouts and slow bodies", () => {
  it("has request, header and keep-alive timeouts (requestTimeout was 0: slow bodies held connections forever)", () => {
    const http = server.app.server!;
    expect(http.requestTimeout).toBeGreaterThan(0);
    expect(http.requestTimeout).toBeLessThanOrEqual(60 * 60_000);
    expect(http.headersTimeout).toBeGreaterThan(0);
    expect(http.headersTimeout).toBeLessThanOrEqual(30_000);
    expect(http.keepAliveTimeout).toBeGreaterThan(0);
  });

  it("limits unauthenticated bodies in number and time, while /healthz keeps answering", async () => {
    const slow = "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
    const held = Array.from({ length: 4 }, () => rawRequest(slow, 10_000));
    await new Promise((r) => setTimeout(r, 300));
    const refused = await rawRequest(slow, 3000);
    expect(refused).toMatch(/^HTTP\/1\.1 503/);
    expect(refused).toContain("Retry-After: 5");
    const health = await fetch(server.url + "/healthz");
    expect(health.status).toBe(200);
    const answers = await Promise.all(held);
    // Cut by the server at its deadline (1.5 s here, 30 s in production) with a 408, not held
    // until the client gives up (10 s, which would leave no answer at all).
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Slots are free again.
    const login = await fetch(server.url + "/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(login.status).toBe(400);
  });
});
