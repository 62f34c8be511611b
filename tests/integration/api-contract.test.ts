import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { getConfig } from "~/services/config.server";
import {
  CATALOGUE,
  EVIL,
  FORBIDDEN,
  METHOD_NOT_ALLOWED,
  NOT_FOUND,
  UNAUTHORIZED,
  cases,
  invoke,
  label,
  load,
  routesDir,
  snapshot,
  userFields,
} from "../support/api-contract";
import { METHODS, type Method } from "../support/api-contract/case";
import { f, useContractFixtures } from "../support/api-contract/fixtures";
import { seedCompletedTranscription } from "../support/transcriptions";

/**
 * The /api contract of spec section 7 and the server-side refusals of sections 6 and 8, for every
 * non-admin /api route file (admin roles: admin-auth.test.ts). The cases live in
 * tests/support/api-contract/; route files are listed from disk, so a new route without a case
 * fails the first test. Bad input: api-input.test.ts; rate limits: api-rate-limits.test.ts.
 */

useContractFixtures();

describe("/api contract: inventory", () => {
  it("has a case for every non-admin /api route file", () => {
    const files = fs
      .readdirSync(routesDir)
      .filter((name) => name.startsWith("api.") && !name.startsWith("api.admin."))
      .map((name) => name.replace(/\.tsx?$/, ""));
    const covered = new Set(cases().map((c) => c.file));
    expect(files.filter((file) => !covered.has(file))).toEqual([]);
    expect([...covered].filter((file) => !files.includes(file))).toEqual([]);
  });

  it("exports a loader and an action from every /api route module, so no method reaches Remix's default answer", async () => {
    const files = fs.readdirSync(routesDir).filter((name) => name.startsWith("api."));
    const missing: string[] = [];
    for (const name of files) {
      const mod = await load(name.replace(/\.tsx?$/, ""));
      if (typeof mod.loader !== "function") missing.push(`${name}: loader`);
      if (typeof mod.action !== "function") missing.push(`${name}: action`);
    }
    expect(missing).toEqual([]);
    // Its time is the first import of every route module through Vite (about 6 s alone, over 30 s
    // while other suites share the two cores); a generous limit keeps it from failing on load.
  }, 120_000);
});

describe("/api contract: refusals", () => {
  it("answers 401 with the catalogue text to a visitor and to an inactive account, changing nothing", async () => {
    const before = await snapshot();
    for (const c of cases().filter((c) => c.access !== "public")) {
      const anonymous = await invoke(c);
      expect(anonymous.status, label(c, "anonymous")).toBe(401);
      expect(anonymous.body, label(c, "anonymous")).toEqual(UNAUTHORIZED);
      const inactive = await invoke(c, { token: f.inactive.token });
      expect(inactive.status, label(c, "inactive")).toBe(401);
      expect(inactive.body, label(c, "inactive")).toEqual(UNAUTHORIZED);
      const inactiveCookie = await invoke(c, { cookie: f.inactive.token });
      expect(inactiveCookie.status, label(c, "inactive cookie")).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers another user's id exactly like a missing or malformed one: 404 'Risorsa non trovata.'", async () => {
    const before = await snapshot();
    const missing = "6f1c1d9e-8f2a-4b1e-9c3d-2a7b5e4f0a11";
    const malformed = ["abc", "6f1c1d9e-8f2a-4b1e-9c3d-2a7b5e4f0a1g", "' OR 1=1 --", "..%2F..%2Fetc%2Fpasswd", "1".repeat(5000), "%00"];
    for (const c of cases().filter((c) => c.id)) {
      const other = await invoke(c, { token: f.stranger.token, body: c.body?.() });
      expect(other.status, label(c, "another user")).toBe(404);
      expect(other.body, label(c, "another user")).toEqual(NOT_FOUND);
      for (const id of [missing, ...malformed]) {
        const answer = await invoke(c, { token: f.owner.token, id });
        expect(answer.status, label(c, `id ${id.slice(0, 40)}`)).toBe(404);
        expect(answer.body, label(c, `id ${id.slice(0, 40)}`)).toEqual(NOT_FOUND);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses recording/upload, re-analysis and plan selection without a verified e-mail (403), and only those", async () => {
    const before = await snapshot();
    const texts: Record<string, string> = {
      "api.transcription": MSG.verifyEmailRequired,
      "api.recordings": MSG.verifyEmailRequired,
      "api.recordings.$id": MSG.verifyEmailRequired,
      "api.recordings.$id.chunks.$index": MSG.verifyEmailRequired,
      "api.recordings.$id.finalize": MSG.verifyEmailRequired,
      "api.recordings.$id.live": MSG.verifyEmailRequired,
      "api.analyze.$id": MSG.verifyEmailRequired,
      "api.subscription.assign": MSG.verifyEmailToSelectPlan,
    };
    const verified = cases().filter((c) => c.access === "verified");
    expect(verified.map((c) => c.file).sort()).toEqual(Object.keys(texts).sort());
    for (const c of verified) {
      // The unverified user's own id where the route takes one, so ownership is not what refuses it.
      const ownId = c.id
        ? (await seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), f.unverified.id, { countUsage: false })).id
        : undefined;
      const answer = await invoke(c, { token: f.unverified.token, id: ownId });
      expect(answer.status, label(c, "unverified")).toBe(403);
      expect(answer.body, label(c, "unverified")).toEqual({ success: false, message: texts[c.file] });
      if (ownId) await getDb().delete(transcriptions).where(eq(transcriptions.id, ownId));
    }
    // Reading is not gated on verification.
    for (const file of ["api.history", "api.subscription.limits", "api.subscription.current", "api.orders", "api.auth.me"]) {
      const c = cases().find((x) => x.file === file)!;
      expect((await invoke(c, { token: f.unverified.token })).status, label(c, "unverified")).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a cookie-authenticated write from another Origin with 403, and every auth write from another Origin", async () => {
    const before = await snapshot();
    for (const c of cases().filter((c) => c.method !== "GET" && c.file !== "api.$")) {
      const viaCookie = await invoke(c, { cookie: c.access === "public" ? undefined : f.owner.token, origin: EVIL });
      expect(viaCookie.status, label(c, "cookie from another Origin")).toBe(403);
      expect(viaCookie.body, label(c, "cookie from another Origin")).toEqual(FORBIDDEN);
      // A sibling subdomain or an opaque origin is not the app either.
      const sameSite = await invoke(c, { cookie: c.access === "public" ? undefined : f.owner.token, origin: "null" });
      expect(sameSite.status, label(c, "cookie from Origin null")).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets a bearer token through from another Origin (no ambient credential), outside /api/auth", async () => {
    const before = await snapshot();
    for (const c of cases().filter((c) => c.method !== "GET" && c.access !== "public")) {
      // The stranger with a broken body: past the origin and session checks, refused by what follows.
      const answer = await invoke(c, { token: f.stranger.token, origin: EVIL, body: c.file === "api.transcription" ? new FormData() : "{" });
      expect([400, 404], `${label(c, "bearer from another Origin")}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers every unsupported method with 405 JSON 'Metodo non consentito.' (after the session check)", async () => {
    const supported = new Map<string, Set<Method>>();
    for (const c of cases()) supported.set(c.file, (supported.get(c.file) ?? new Set()).add(c.method));
    for (const [file, methods] of supported) {
      if (file === "api.$") continue;
      const c = cases().find((x) => x.file === file)!;
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const answer = await invoke(c, { method, token: f.owner.token, body: method === "GET" ? undefined : "{}" });
        expect(answer.status, `${method} ${file}`).toBe(405);
        expect(answer.body, `${method} ${file}`).toEqual(METHOD_NOT_ALLOWED);
      }
    }
    const unknown = cases().find((x) => x.file === "api.$")!;
    for (const method of METHODS) {
      const answer = await invoke(unknown, { method });
      expect(answer.body, `${method} /api/sconosciuta`).toEqual(NOT_FOUND);
    }
  });
});

describe("/api contract: responses for the owner (spec section 7)", () => {
  it("serves every case with the fields the spec lists", async () => {
    for (const c of cases()) {
      const who = c.ok.user?.() ?? f.owner;
      const answer = await invoke(c, { token: c.access === "public" && !c.ok.user ? undefined : who.token });
      expect(answer.status, `${label(c)}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(c.ok.status);
      if (c.ok.contentType) expect(answer.headers.get("Content-Type"), label(c)).toMatch(c.ok.contentType);
      for (const field of c.ok.fields ?? []) expect(answer.body, `${label(c)} field ${field}`).toHaveProperty(field);
      if (c.ok.fields) expect(answer.body.success, label(c)).toBe(c.ok.status < 300);
      if (c.ok.status >= 400) expect(CATALOGUE.has(answer.body.message), `${label(c)}: "${answer.body.message}"`).toBe(true);
      if (c.ok.fields?.includes("user")) expect(Object.keys(answer.body.user).sort(), label(c)).toEqual(expect.arrayContaining(userFields));
      if (c.file === "api.orders") {
        expect(Object.keys(answer.body.pagination).sort()).toEqual(["currentPage", "pageSize", "totalItems", "totalPages"]);
        expect(Object.keys(answer.body.stats).sort()).toEqual(["currency", "total", "totalAmount"]);
      }
    }
  });
});
