import { describe, expect, it } from "vitest";
import { errorTextForStatus, formatRetryAfter, isRetryableStatus, readApiResponse } from "./errors";

describe("error catalogue (spec section 8)", () => {
  it("prefers error_message, then message", () => {
    expect(errorTextForStatus(400, { error_message: "A", message: "B" })).toBe("A");
    expect(errorTextForStatus(400, { message: "B" })).toBe("B");
  });

  it.each([
    [400, "Dati non validi."],
    [401, "Sessione scaduta. Effettua nuovamente l'accesso."],
    [403, "Non hai i permessi per eseguire questa operazione."],
    [404, "Risorsa non trovata."],
    [409, "Conflitto con risorsa esistente."],
    [413, "File troppo grande."],
    [429, "Troppe richieste, riprova più tardi."],
    [500, "Errore interno del server. Riprova più tardi."],
    [502, "Errore interno del server. Riprova più tardi."],
    [503, "Errore interno del server. Riprova più tardi."],
    [504, "Errore interno del server. Riprova più tardi."],
    [418, "Errore HTTP: 418"],
  ])("maps %i to its text", (status, text) => {
    expect(errorTextForStatus(status)).toBe(text);
  });

  it("words a 429 with retryAfter", () => {
    expect(errorTextForStatus(429, { retryAfter: 30 })).toBe("Troppe richieste. Riprova tra 30 secondi.");
    expect(errorTextForStatus(429, { retryAfter: 120 })).toBe("Troppe richieste. Riprova tra 2 minuti.");
    expect(formatRetryAfter(undefined)).toBe("qualche minuti");
  });

  it("reads an unreadable body as 'Network error'", async () => {
    const result = await readApiResponse(new Response("<html>", { status: 200 }));
    expect(result).toMatchObject({ ok: false, message: "Network error" });
  });
});

describe("isRetryableStatus", () => {
  it("retries a lost connection, a timeout, a rate limit and server errors, never a refusal of the request", () => {
    expect([0, 408, 429, 500, 503].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 409, 413].map(isRetryableStatus)).toEqual([false, false, false, false, false, false]);
  });
});
