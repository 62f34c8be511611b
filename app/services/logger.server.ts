import { formatWithOptions } from "node:util";
import pino, { type Logger } from "pino";
import { redactSecrets } from "~/lib/redact";

/**
 * The process's one log (pino): JSON lines on stdout, one readable line each in development.
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
 * readable lines in development. Later calls add secrets.
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

const LEVEL_NAMES: Record<string, string> = { debug: "DEBUG", info: "INFO ", warn: "WARN ", error: "ERROR", fatal: "FATAL", trace: "TRACE" };

/** One JSON line → "12:04:05 INFO  message key=value …" (development only), the stack below it. */
export function readableLine(jsonLine: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(jsonLine) as Record<string, unknown>;
  } catch {
    return jsonLine;
  }
  const { time, level, msg, err, ...rest } = entry;
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const error = err as { stack?: string; message?: string } | undefined;
  const stack = error ? `\n    ${(error.stack ?? error.message ?? "").split("\n").join("\n    ")}` : "";
  return `${clock} ${LEVEL_NAMES[String(level)] ?? String(level)} ${msg ?? ""}${fields ? `  ${fields}` : ""}${stack}\n`;
}
