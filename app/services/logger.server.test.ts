import type { JobHelpers } from "graphile-worker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withJobLog } from "../../worker/runner";
import { configureLogging, log, readableLine } from "./logger.server";

/** What the logger wrote to stdout during the test, one parsed JSON object per line. */
let written: string[] = [];
const lines = () =>
  written
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeEach(() => {
  written = [];
  configureLogging({ level: "info", pretty: false });
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  configureLogging({ level: "info" });
});

describe("logger", () => {
  it("writes one JSON line per entry with time, level and message, and honours the level", () => {
    configureLogging({ level: "warn" });
    log.info("non scritta");
    log.debug("nemmeno questa");
    log.warn({ unlocked: 2 }, "scritta");
    expect(lines()).toEqual([
      expect.objectContaining({ level: "warn", msg: "scritta", unlocked: 2, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
    ]);
    configureLogging({ level: "debug" });
    log.debug("ora sì");
    expect(lines().map((l) => l.msg)).toEqual(["scritta", "ora sì"]);
  });

  it("never writes the configuration's secrets, URL passwords, or fields holding passwords, tokens, cookies or e-mail bodies", () => {
    configureLogging({ secrets: ["chiave-api-segreta-42", 'con"virgolette\\segreto'] });
    log.error({ err: new Error("SMTP smtp://mario:pw-nel-link@posta.esempio.it non risponde (chiave-api-segreta-42)") }, "invio fallito");
    log.info(
      { password: "Password123!", token: "tok-abc-123", headers: { authorization: "Bearer tok-abc-123", cookie: "sid=tok-abc-123" } },
      "accesso",
    );
    log.info({ mail: { to: "mario@esempio.it", html: "<p>Il verbale riservato</p>", text: "Il verbale riservato" } }, "email");
    log.warn({ value: 'con"virgolette\\segreto' }, "citazione");
    const all = written.join("");
    for (const secret of ["chiave-api-segreta-42", "pw-nel-link", "Password123!", "tok-abc-123", "verbale riservato", "virgolette"])
      expect(all).not.toContain(secret);
    expect(all).toContain("smtp://mario:***@posta.esempio.it");
    expect(lines()[1]).toMatchObject({ password: "***", token: "***", headers: { authorization: "***", cookie: "***" } });
    expect(lines()[2]).toMatchObject({ mail: { to: "mario@esempio.it", html: "***", text: "***" } });
  });

  it("gives a developer one readable line (and the stack below it)", () => {
    const line = readableLine(
      JSON.stringify({ level: "info", time: "2026-11-23T10:04:05.123Z", msg: "richiesta", method: "GET", path: "/", status: 200 }),
    );
    expect(line).toBe("10:04:05 INFO  richiesta  method=GET path=/ status=200\n");
    const withError = readableLine(
      JSON.stringify({ level: "error", time: "2026-11-23T10:04:05.123Z", msg: "guasto", err: { message: "x", stack: "Error: x\n    at a.ts:1" } }),
    );
    expect(withError.split("\n")[0]).toBe("10:04:05 ERROR guasto");
    expect(withError).toContain("Error: x");
  });
});

describe("job log lines", () => {
  const helpers = (id: string) => ({ job: { id, attempts: 1 } }) as unknown as JobHelpers;

  it("one line per job with the task, the job and the transcription id; a failure is logged and still fails the job", async () => {
    const tasks = withJobLog({
      transcribe: async () => {},
      analyze: async () => {
        throw new Error("motore non raggiungibile");
      },
    });
    await tasks.transcribe!({ transcriptionId: "tr-1" }, helpers("11"));
    await expect(tasks.analyze!({ transcriptionId: "tr-2" }, helpers("12"))).rejects.toThrow("motore non raggiungibile");
    expect(lines()).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "lavoro completato",
        task: "transcribe",
        jobId: "11",
        transcriptionId: "tr-1",
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({
        level: "warn",
        msg: "lavoro non riuscito",
        task: "analyze",
        jobId: "12",
        transcriptionId: "tr-2",
        err: expect.objectContaining({ message: "motore non raggiungibile" }),
      }),
    ]);
  });
});
