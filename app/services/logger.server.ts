import { formatWithOptions } from "node:util";
import pino, { type Logger } from "pino";
import { redactSecrets } from "~/lib/redact";

/**
 * The process's one log (pino): JSON lines on stdout, or one readable Italian line each when
 * stdout is a terminal (LOG_FORMAT chooses otherwise).
 * LOG_LEVEL chooses the detail. Every line goes through redactSecrets before it is written (URL
 * passwords and the configuration's secret values become "***"), and fields that hold passwords,
 * tokens, cookies or e-mail bodies are replaced whatever their value. The console of the
 * process (libraries, React, Remix) is routed here too, so nothing reaches stdout unmasked.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
const LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error"];

/** Field names never written, at the top of a line or one level down (an error's cause, headers). */
const REDACTED_FIELDS = ["password", "newPassword", "token", "authorization", "cookie", "html", "text", "body", "attachments"];

const state = { secrets: [] as string[], pretty: false };

function initialLevel(): LogLevel {
  const fromEnv = process.env.LOG_LEVEL as LogLevel | undefined;
  return fromEnv && LEVELS.includes(fromEnv) ? fromEnv : "info";
}

const destination = {
  write(line: string): void {
    const clean = redactSecrets(line, state.secrets);
    process.stdout.write(state.pretty ? readableLine(clean) : clean);
  },
};

export const log: Logger = pino(
  {
    level: initialLevel(),
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_FIELDS.flatMap((name) => [name, `*.${name}`]), censor: "***" },
  },
  destination,
);

/**
 * Called once the configuration is read (startApp): the level, the secret values to mask, and
 * readable lines instead of JSON. Later calls add secrets.
 */
export function configureLogging(options: { level?: LogLevel; secrets?: readonly (string | undefined)[]; pretty?: boolean }): void {
  if (options.level) log.level = options.level;
  if (options.pretty !== undefined) state.pretty = options.pretty;
  for (const secret of options.secrets ?? []) {
    if (!secret) continue;
    // A secret inside a JSON string is written escaped ("\"", "\\").
    for (const form of [secret, JSON.stringify(secret).slice(1, -1)]) if (!state.secrets.includes(form)) state.secrets.push(form);
  }
}

let consoleRouted = false;

/**
 * console.* of the whole process (libraries, React's and Remix's error reports) becomes log
 * lines. Only for a process of its own (server/index.ts): a test process keeps its console.
 */
export function routeConsoleToLog(): void {
  if (consoleRouted) return;
  consoleRouted = true;
  const route =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      const msg = formatWithOptions({ colors: false }, ...args.filter((a) => a !== error));
      if (error) log[level]({ err: error, source: "console" }, msg || error.message);
      else log[level]({ source: "console" }, msg);
    };
  console.log = route("info");
  console.info = route("info");
  console.warn = route("warn");
  console.error = route("error");
  console.debug = route("debug");
}

const LEVEL_NAMES: Record<string, string> = {
  debug: "DEBUG ",
  info: "INFO  ",
  warn: "AVVISO",
  error: "ERRORE",
  fatal: "FATALE",
  trace: "TRACCIA",
};

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * One JSON line → "12:04:05 INFO   message key=value …" for a person at a terminal: the local
 * time, the level in Italian, the message; a request as "GET /path 200 12 ms"; the stack below.
 */
export function readableLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine;
  }
  const { time, level, msg, err, ...rest } = entry;
  const date = typeof time === "string" ? new Date(time) : null;
  const clock = date && !Number.isNaN(date.getTime()) ? `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : "";
  let message = String(msg ?? "");
  if (msg === "richiesta" && typeof rest.method === "string" && typeof rest.path === "string") {
    const { method, path, status, durationMs, ...others } = rest;
    message = `${method} ${path} ${String(status ?? "")} ${typeof durationMs === "number" ? `${Math.round(durationMs)} ms` : ""}`.trimEnd();
    for (const key of Object.keys(rest)) delete rest[key];
    Object.assign(rest, others);
  }
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const error = err as { stack?: string; message?: string } | undefined;
  const stack = error ? `\n    ${(error.stack ?? error.message ?? "").split("\n").join("\n    ")}` : "";
  return `${clock} ${LEVEL_NAMES[String(level)] ?? String(level)} ${message}${fields ? `  ${fields}` : ""}${stack}\n`;
}

/** Lines in a frame that stands out in a terminal (the first admin's one-time password). */
export function framedBlock(lines: readonly string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = "═".repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((l) => `║  ${l.padEnd(width)}  ║`), `╚${rule}╝`].join("\n") + "\n";
}

/** Whether log lines are written for a person (a terminal, or LOG_FORMAT=text) or as JSON. */
export function readableLogWanted(format: "auto" | "text" | "json", stdoutIsTerminal: boolean): boolean {
  return format === "text" || (format === "auto" && stdoutIsTerminal);
}
