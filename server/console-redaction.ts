import { formatWithOptions } from "node:util";
import { redactSecrets } from "../app/lib/redact";

/**
 * Every console line of the process (ours, graphile-worker's, nodemailer errors printed with
 * their message) goes through redactSecrets: URL passwords and the configuration's secret values
 * never reach the terminal or a log file. Installed once at start-up; later calls only add secrets.
 */

const state = globalThis as unknown as { __verbaleRedaction?: { secrets: Set<string> } };

export function installConsoleRedaction(secrets: readonly (string | undefined)[]): void {
  if (state.__verbaleRedaction) {
    for (const s of secrets) if (s) state.__verbaleRedaction.secrets.add(s);
    return;
  }
  const known = new Set(secrets.filter((s): s is string => Boolean(s)));
  state.__verbaleRedaction = { secrets: known };
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(redactSecrets(formatWithOptions({ colors: false }, ...args), [...known]));
  }
}
