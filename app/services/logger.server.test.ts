import type { JobHelpers } from "graphile-worker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withJobLog } from "../../worker/runner";
import { configureLogging, framedBlock, log, readableLine, readableLogWanted } from "./logger.server";

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

  it("a readable line: local time, the level in Italian, a request in short form, the stack below", () => {
    const at = "2026-11-23T10:04:05.123Z";
    const clock = new Date(at).toTimeString().slice(0, 8);
    const request = readableLine(
      JSON.stringify({ level: "info", time: at, msg: "richiesta", method: "GET", path: "/record", status: 200, durationMs: 12.4 }),
    );
    expect(request).toBe(`${clock} INFO   GET /record 200 12 ms\n`);
    const warning = readableLine(JSON.stringify({ level: "warn", time: at, msg: "job sbloccati", unlocked: 2 }));
    expect(warning).toBe(`${clock} AVVISO job sbloccati  unlocked=2\n`);
    const withError = readableLine(
      JSON.stringify({ level: "error", time: at, msg: "guasto", err: { message: "x", stack: "Error: x\n    at a.ts:1" } }),
    );
    expect(withError.split("\n")[0]).toBe(`${clock} ERRORE guasto`);
    expect(withError).toContain("Error: x");
    expect(readableLine("non JSON\n")).toBe("non JSON\n");
  });

  it("writes readable lines when asked, still masking secrets", () => {
    configureLogging({ pretty: true, secrets: ["s3greto-lungo"] });
    log.info({ url: "postgres://u:s3greto-lungo@h/db" }, "connesso");
    configureLogging({ pretty: false });
    const text = written.join("");
    expect(text).toMatch(/^\d\d:\d\d:\d\d INFO {3}connesso {2}url=postgres:\/\/u:\*\*\*@h\/db\n$/);
    expect(text).not.toContain("s3greto-lungo");
  });

  it("LOG_FORMAT: auto follows the terminal, text and json force the form", () => {
    expect(readableLogWanted("auto", true)).toBe(true);
    expect(readableLogWanted("auto", false)).toBe(false);
    expect(readableLogWanted("json", true)).toBe(false);
    expect(readableLogWanted("text", false)).toBe(true);
  });

  it("frames the first admin's password so it stands out", () => {
    const block = framedBlock(["Primo avvio", "  password: abc123"]);
    const rows = block.trimEnd().split("\n");
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(rows[0]).toMatch(/^╔═+╗$/);
    expect(rows[2]).toBe("║    password: abc123  ║");
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
