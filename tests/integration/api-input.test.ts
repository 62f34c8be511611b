import { describe, expect, it } from "vitest";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { CATALOGUE, NOT_FOUND, cases, invoke, label, load, snapshot } from "../support/api-contract";
import { f, useContractFixtures } from "../support/api-contract/fixtures";
import { apiRequest, createTestUser } from "../support/db";

/** Bad input on every /api route with a body or a query: never a 500, never a change, always a catalogue text. */

useContractFixtures();

describe("/api contract: bad input", () => {
  const broken = ["{", '{"email":', "null", "[]", "[1,2]", '"testo"', "42", "true"];

  it("answers malformed JSON, wrong types and missing fields with 400 and a catalogue text, changing nothing", async () => {
    const before = await snapshot();
    for (const c of cases().filter((c) => c.invalid)) {
      for (const body of [...broken, ...c.invalid!]) {
        const answer = await invoke(c, { token: f.owner.token, body });
        const what = `${label(c)} body ${JSON.stringify(body).slice(0, 80)}`;
        expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.success, what).toBe(false);
        expect(CATALOGUE.has(answer.body.message), `${what}: "${answer.body.message}" is not a catalogue text`).toBe(true);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers wrong types in the admin user and plan forms with a catalogue text too", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const before = await snapshot();
    const forms: [string, string, string, unknown[]][] = [
      [
        "api.admin.users",
        "POST",
        "/api/admin/users",
        [
          { email: 5, name: "x", password: "segreto", roleId: 1 },
          { email: "a@esempio.it", name: ["x"], password: "segreto", roleId: 1 },
          { email: "a@esempio.it", name: "x", password: 123456, roleId: 1 },
        ],
      ],
      [
        "api.admin.subscription-types",
        "POST",
        "/api/admin/subscription-types",
        [
          { code: 5, name: "x", type: "FREE", currency: "EUR", interval: "month", maxFileSizeMB: 1, maxRecordingsPerMonth: 1 },
          { code: "X", name: "x", type: "FREE", currency: "EUR", interval: "month", maxFileSizeMB: 1, maxRecordingsPerMonth: 1, features: "testo" },
        ],
      ],
    ];
    for (const [file, method, url, bodies] of forms) {
      const mod = await load(file);
      for (const body of [...broken, ...bodies]) {
        const response = (await mod.action!({
          request: apiRequest(url, { method, token: admin.token, body }),
          params: {},
          context: {},
        } as never)) as Response;
        const json = await response.json();
        const what = `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`;
        expect(response.status, `${what}: ${JSON.stringify(json)}`).toBe(400);
        expect(CATALOGUE.has(json.message), `${what}: "${json.message}" is not a catalogue text`).toBe(true);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a JSON body over 1 MiB with 413 'File troppo grande.' before parsing it", async () => {
    const before = await snapshot();
    const huge = JSON.stringify({
      email: "a@esempio.it",
      name: "x".repeat(2 * 1024 * 1024),
      password: "Password123",
      reason: "x",
      subject: "x",
      message: "x",
    });
    for (const c of cases().filter((c) => c.invalid)) {
      const answer = await invoke(c, { token: f.owner.token, body: huge });
      expect(answer.status, label(c, "2 MiB body")).toBe(413);
      expect(answer.body, label(c, "2 MiB body")).toEqual({ success: false, message: HTTP_ERRORS[413] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an upload that is empty, not multipart, without the audio field, or not audio (400, nothing stored)", async () => {
    const before = await snapshot();
    const upload = cases().find((c) => c.file === "api.transcription")!;
    const noAudio = new FormData();
    noAudio.append("altro", "valore");
    const text = new FormData();
    text.append("audio", new Blob(["questo non è audio ".repeat(200)], { type: "audio/webm" }), "registrazione.webm");
    const empty = new FormData();
    empty.append("audio", new Blob([], { type: "audio/webm" }), "registrazione.webm");
    const bodies: [string, unknown, string][] = [
      ["empty multipart", new FormData(), MSG.uploadError],
      ["no audio field", noAudio, MSG.uploadError],
      ["zero-byte file", empty, MSG.uploadError],
      ["JSON", "{}", MSG.uploadError],
      ["text file", text, MSG.notAudioFile],
    ];
    for (const [what, body, message] of bodies) {
      const answer = await invoke(upload, { token: f.owner.token, body });
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toEqual({ success: false, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers unknown or malformed query values with the defaults, never an error", async () => {
    const queries: [string, string][] = [
      [
        "api.orders",
        "/api/orders?page=-3&limit=abc&sortBy=password&sortOrder=sideways&status=RUBATO&dateFrom=2024-13-45&dateTo=ieri&search=%25%27%3B--",
      ],
      ["api.orders", "/api/orders?page=1e300&limit=1e300"],
      ["api.orders", `/api/orders?search=${"x".repeat(5000)}`],
      ["api.history", `/api/history?search=${"parola".repeat(1000)}`],
      ["api.history", "/api/history?search=%27%29%20%7C%20%21%20%3A*%20%26"],
      ["api.history", "/api/history?q=%00%01"],
      ["api.subscription.types", "/api/subscription/types?limit=-1&sortBy=x"],
    ];
    for (const [file, url] of queries) {
      const c = { ...cases().find((x) => x.file === file)!, path: () => url };
      const answer = await invoke(c, { token: f.owner.token });
      expect(answer.status, url.slice(0, 80)).toBe(200);
      expect(answer.body.success, url.slice(0, 80)).toBe(true);
    }
    const orders = await invoke(
      { ...cases().find((x) => x.file === "api.orders")!, path: () => "/api/orders?page=0&limit=0" },
      { token: f.owner.token },
    );
    expect(orders.body.pagination).toMatchObject({ currentPage: 1, pageSize: 10 });
    const format = cases().find((x) => x.file === "api.transcription.$id.export.$format")!;
    const mod = await load(format.file);
    const unknownFormat = (await mod.loader!({
      request: apiRequest(`/api/transcription/${f.t1}/export/exe`, { token: f.owner.token }),
      params: { id: f.t1, format: "exe" },
      context: {},
    } as never)) as Response;
    expect(unknownFormat.status).toBe(404);
    expect(await unknownFormat.json()).toEqual(NOT_FOUND);
  });

  it("refuses an e-mail over 254 characters on every auth form with the format message", async () => {
    const before = await snapshot();
    const long = `${"a".repeat(300)}@esempio.it`;
    const bodies: Record<string, unknown> = {
      "api.auth.register": { name: "Mario", email: long, password: "Password123" },
      "api.auth.login": { email: long, password: "Password123" },
      "api.auth.verify-email": { email: long, code: "123456" },
      "api.auth.resend-verification": { email: long },
      "api.auth.forgot-password": { email: long },
    };
    for (const [file, body] of Object.entries(bodies)) {
      const answer = await invoke(
        cases().find((c) => c.file === file)!,
        { body },
      );
      expect(answer.status, file).toBe(400);
      expect((answer.body as { message: string }).message, file).toBe("Inserisci un indirizzo email valido");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a form-encoded auth body over 1 MiB with 413", async () => {
    const before = await snapshot();
    const { action } = await load("api.auth.register");
    const body = new URLSearchParams({ name: "x".repeat(2 * 1024 * 1024), email: "grande@esempio.it", password: "Password123" });
    const request = new Request("http://localhost:3000/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const response = (await action!({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: HTTP_ERRORS[413] });
    expect(await snapshot()).toEqual(before);
  });
});
