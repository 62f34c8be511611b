import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiHandler, readFormBody, readJsonBody, tooManyRequests } from "./api.server";
import { log } from "./logger.server";

const schema = z.object({ email: z.string({ required_error: "L'email è obbligatoria" }).email("Inserisci un indirizzo email valido") });
const handler = apiHandler(async ({ request }: { request: Request }) => {
  const body = await readJsonBody(request, schema);
  return Response.json({ success: true, email: body.email });
});
const post = (body: string) => new Request("http://localhost/api/x", { method: "POST", body, headers: { "Content-Type": "application/json" } });

describe("the /api error contract", () => {
  it("answers malformed JSON with 400 and the catalogue text", async () => {
    const response = await handler({ request: post("{ non json") });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: "Dati non validi." });
  });

  it("answers a missing or invalid field with 400 and the field's Italian message", async () => {
    const missing = await handler({ request: post("{}") });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("L'email è obbligatoria");
    const invalid = await handler({ request: post(JSON.stringify({ email: "nope" })) });
    expect((await invalid.json()).message).toBe("Inserisci un indirizzo email valido");
  });

  it("refuses a NUL character in a JSON or form body with 400, before it reaches Postgres", async () => {
    const response = await handler({ request: post(JSON.stringify({ email: "a\u0000@b.it" })) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: "Dati non validi." });
    const form = new Request("http://localhost/api/x", {
      method: "POST",
      body: "email=a%00%40b.it",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(readFormBody(form)).rejects.toMatchObject({ status: 400 });
  });

  it("answers JSON nested deeper than a sane limit with 400 'Dati non validi.' (100,000 levels used to answer 500)", async () => {
    for (const body of [
      "[".repeat(100_000) + "]".repeat(100_000),
      '{"email":' + '{"a":'.repeat(5000) + "1" + "}".repeat(5001),
      "[".repeat(40) + "]".repeat(40),
    ]) {
      const response = await handler({ request: post(body) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, message: "Dati non validi." });
    }
    // Brackets inside strings are text, not nesting.
    const response = await handler({ request: post(JSON.stringify({ email: "a@b.it", note: "[".repeat(1000) })) });
    expect(response.status).toBe(200);
  });

  it("passes valid bodies through", async () => {
    const response = await handler({ request: post(JSON.stringify({ email: "a@b.it" })) });
    expect(await response.json()).toEqual({ success: true, email: "a@b.it" });
  });

  it("hides unexpected errors behind the generic 500 text, without a stack", async () => {
    const spy = vi.spyOn(log, "error").mockImplementation(() => {});
    const failing = apiHandler(async () => {
      throw new Error("segreto interno at db.ts:12");
    });
    const response = await failing({});
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ success: false, message: "Errore interno del server. Riprova più tardi." });
    expect(text).not.toContain("segreto");
    // The detail goes to the log instead.
    expect(spy).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "segreto interno at db.ts:12" }) }, "[api] errore non gestito");
    spy.mockRestore();
  });

  it("gives 429 a retryAfter field and a Retry-After header", async () => {
    const limited = apiHandler(async () => {
      throw tooManyRequests(42);
    });
    const response = await limited({});
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(await response.json()).toEqual({ success: false, message: "Troppe richieste. Riprova tra 42 secondi.", retryAfter: 42 });
  });
});
