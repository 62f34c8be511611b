import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E } from "./env";

/** Every message the test SMTP server received, oldest first. */
export async function allMail(): Promise<ParsedMail[]> {
  if (!fs.existsSync(E2E.mailDir)) return [];
  const files = fs
    .readdirSync(E2E.mailDir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(E2E.mailDir, f)))));
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
}

/** Waits for a message to `to` received after `since` (count of messages already seen for it). */
export async function waitForMail(
  to: string,
  options: { after?: number; timeoutMs?: number; match?: (mail: ParsedMail) => boolean } = {},
): Promise<ParsedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const mine = (await allMail()).filter((m) => recipients(m).includes(to.toLowerCase()));
    const fresh = mine.slice(options.after ?? 0).filter((m) => (options.match ? options.match(m) : true));
    if (fresh.length > 0) return fresh[fresh.length - 1];
    if (Date.now() > deadline) throw new Error(`Nessuna email per ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function countMail(to: string): Promise<number> {
  return (await allMail()).filter((m) => recipients(m).includes(to.toLowerCase())).length;
}

/** The first 6-digit code in a message. */
export function codeFrom(mail: ParsedMail): string {
  const match = `${mail.subject ?? ""} ${mail.text ?? ""}`.match(/\b(\d{6})\b/);
  if (!match) throw new Error("Nessun codice nell'email");
  return match[1];
}

/** The first link to the app in a message. */
export function linkFrom(mail: ParsedMail, contains = "http"): string {
  const links = `${mail.text ?? ""} ${typeof mail.html === "string" ? mail.html : ""}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(contains));
  if (!link) throw new Error("Nessun link nell'email");
  return link.replace(/&amp;/g, "&");
}
