import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, toCsv } from "./csv";

describe("csv", () => {
  it("starts with a BOM, quotes every field, doubles quotes and ends lines with CRLF", () => {
    const text = toCsv(
      ["Nome", "Nota"],
      [
        ['Àlice "la" Rossi', "riga1\nriga2"],
        [42, null],
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('"Nome","Nota"\r\n"Àlice ""la"" Rossi","riga1\nriga2"\r\n"42",""\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+39 333")).toBe('"\'+39 333"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell("a=b")).toBe('"a=b"');
    // A real negative number is data, not a formula.
    expect(csvCell(-5)).toBe('"-5"');
  });

  it("writes dates as ISO and booleans as text", () => {
    expect(csvCell(new Date("2025-01-24T10:00:00Z"))).toBe('"2025-01-24T10:00:00.000Z"');
    expect(csvCell(true)).toBe('"true"');
  });

  it("names files after the Italian date", () => {
    expect(csvFileName("users", new Date("2025-01-24T10:00:00Z"))).toBe("users-2025-01-24.csv");
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(csvFileName("transcriptions", new Date("2024-12-31T23:30:00Z"))).toBe("transcriptions-2025-01-01.csv");
  });
});
