import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// `\b` knows only [A-Za-z0-9_], even with the `u` flag: after «sì», «però», «perché», «c'è» there is
// no word boundary before a space, so `(?:sì|certo)\b` never matches «sì» (session 15 found six rules
// that had never fired). The rules write `(?![\p{L}])` instead.
const ACCENTED = /[àèéìòùÀÈÉÌÒÙ]$/u;

/** Each `\b` in a source line that follows an accented letter or a group with an alternative ending in one. */
function boundariesAfterAccents(line: string): string[] {
  const found: string[] = [];
  for (let at = line.indexOf("\\b"); at >= 0; at = line.indexOf("\\b", at + 2)) {
    const before = line.slice(0, at);
    if (ACCENTED.test(before)) found.push(before.slice(-20));
    if (!before.endsWith(")")) continue;
    let depth = 0;
    let open = before.length - 1;
    for (; open >= 0; open--) {
      if (before[open - 1] === "\\") continue;
      if (before[open] === ")") depth++;
      else if (before[open] === "(" && --depth === 0) break;
    }
    const alternatives = before
      .slice(open + 1, -1)
      .replace(/^\?:/, "")
      .split("|");
    if (alternatives.some((a) => ACCENTED.test(a))) found.push(before.slice(open));
  }
  return found;
}

describe("the analyzer's rules and Italian words that end in an accented letter", () => {
  it("never put \\b after «sì», «però», «c'è» or any word ending in an accented letter", () => {
    const dir = __dirname;
    const offending = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) =>
        readFileSync(join(dir, f), "utf8")
          .split("\n")
          .flatMap((line, i) => boundariesAfterAccents(line).map((m) => `${f}:${i + 1}: ${m.slice(0, 80)}`)),
      );
    expect(offending).toEqual([]);
  });

  it("finds the fault it looks for", () => {
    expect(boundariesAfterAccents(String.raw`/^(?:sì|certo|ok)\b/iu`)).toHaveLength(1);
    expect(boundariesAfterAccents(String.raw`/^(?:sì|certo|ok)(?![\p{L}])/iu`)).toEqual([]);
    expect(boundariesAfterAccents(String.raw`/perché\b/`)).toHaveLength(1);
  });
});
