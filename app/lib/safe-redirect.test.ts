import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/record", "/record"],
    ["/transcription/abc?tab=analisi#argomenti", "/transcription/abc?tab=analisi#argomenti"],
    ["/subscriptions", "/subscriptions"],
    ["/cartella/../record", "/record"],
  ])("keeps the same-site path %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%E0%A4%A",
    "/%0d%0aSet-Cookie:x=1",
  ])("falls back to / for %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("never returns CR or LF (a header with one answers 500)", () => {
    for (const value of ["/record\r\nSet-Cookie: x=1", "/a\nb", "/\r/record"]) {
      const result = safeRedirect(value);
      expect(result).not.toMatch(/[\r\n]/);
      expect(() => new Headers({ Location: result })).not.toThrow();
    }
  });

  it("uses the fallback given for anything that is not a string", () => {
    expect(safeRedirect(null, "/dashboard")).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(42)).toBe("/");
  });
});
