/**
 * CSV for the admin exports: UTF-8 with a BOM so Excel reads accents, CRLF line ends, every field
 * quoted, and cells that a spreadsheet would run as a formula neutralised with a leading quote.
 */

export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | boolean | Date | null | undefined;

// Excel, LibreOffice and Google Sheets treat these leading characters as the start of a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = value.toISOString();
  else text = String(value);
  // Plain numbers stay numbers (a negative amount is data, not a formula).
  if (FORMULA_START.test(text) && !(typeof value === "number")) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(headers: string[], rows: CsvValue[][]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(","));
  return CSV_BOM + lines.join("\r\n") + "\r\n";
}

/** "users-2025-01-24.csv": the export name with today's date as seen in Italy. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `${prefix}-${day}.csv`;
}
