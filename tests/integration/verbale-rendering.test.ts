import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEETING_TYPES, type MeetingDetails } from "~/lib/meeting";
import { buildDocx } from "~/services/docx-report.server";
import { overlappingWords, pdfWords, type PdfWord } from "../support/pdf-layout";
import { AGENDAS, LONG_OWNER, agendaMinutes, detailWith, fullMeeting } from "../support/verbale-fixtures";

/**
 * The Word verbale as LibreOffice 7.4 draws it (issue 31): every document converted to PDF by
 * `soffice --headless` (one start for all of them: each start costs seconds), then read back word
 * by word with `pdftotext -bbox`. Three defects were seen there: a wrapping title drawn over itself,
 * an «Indice» without page numbers and «L'amministratore» broken inside its table cell.
 */

const LONG_TITLE =
  "Assemblea straordinaria per l'approvazione del bilancio consuntivo, del preventivo e dei lavori di rifacimento del tetto e delle facciate";

type Case = { name: string; meeting: MeetingDetails | null; legacy?: boolean; title?: string };

const CASES: Case[] = [
  ...MEETING_TYPES.map((type) => ({ name: `full-${type}`, meeting: fullMeeting(type), title: type === "cda" ? LONG_TITLE : undefined })),
  { name: "missing-condominio", meeting: { type: "condominio", agenda: AGENDAS.condominio } },
  { name: "no-details", meeting: null, legacy: true },
];

let dir: string;
const words = new Map<string, PdfWord[]>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-render-"));
  const files: string[] = [];
  for (const c of CASES) {
    const agenda = c.meeting?.agenda ?? AGENDAS.riunione;
    const bytes = await buildDocx(detailWith(agendaMinutes(agenda, { owner: LONG_OWNER, title: c.title, legacy: c.legacy })), { meeting: c.meeting });
    const file = path.join(dir, `${c.name}.docx`);
    fs.writeFileSync(file, bytes);
    files.push(file);
  }
  // A private profile: parallel runs with the default one would wait on each other's lock.
  execFileSync(
    "soffice",
    [`-env:UserInstallation=file://${path.join(dir, "profile")}`, "--headless", "--norestore", "--convert-to", "pdf", "--outdir", dir, ...files],
    { stdio: "pipe", timeout: 120_000 },
  );
  for (const c of CASES) words.set(c.name, pdfWords(path.join(dir, `${c.name}.pdf`)));
}, 180_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The page's words in reading order, as one string. */
const textOf = (name: string) =>
  words
    .get(name)!
    .map((w) => w.text)
    .join(" ");

/** Each of `parts` found after the one before it. */
function expectInOrder(text: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `«${part}» dopo la posizione ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe("the Word verbale in LibreOffice", () => {
  it("converts every document to PDF with no text drawn over other text", () => {
    for (const c of CASES) {
      const list = words.get(c.name)!;
      expect(list.length, c.name).toBeGreaterThan(100);
      expect(
        overlappingWords(list).map(([a, b]) => `${c.name} p.${a.page}: «${a.text}» / «${b.text}»`),
        c.name,
      ).toEqual([]);
    }
    // The long title and the long heading do wrap (the case the overlap check is about).
    const cda = words.get("full-cda")!;
    const titleLines = new Set(cda.filter((w) => w.page === 1 && w.yMax - w.yMin > 20).map((w) => Math.round(w.yMin)));
    expect(titleLines.size).toBeGreaterThanOrEqual(2);
  });

  it("finds text drawn over text when there is some (the check itself)", () => {
    const word = (text: string, yMin: number) => ({ page: 1, text, xMin: 50, xMax: 120, yMin, yMax: yMin + 28.6 });
    // Lines 26.8 pt apart touch (6 % of their boxes); the old title's lines were 13.8 pt apart.
    expect(overlappingWords([word("Verbale", 57), word("consuntivo", 57 + 26.8)])).toEqual([]);
    expect(overlappingWords([word("Verbale", 57), word("consuntivo", 57 + 13.8)])).toHaveLength(1);
  });

  it("breaks no word inside a table cell", () => {
    for (const c of CASES) {
      const whole = new Set(words.get(c.name)!.map((w) => w.text));
      const cells = [LONG_OWNER, "Richiedere tre preventivi per i lavori", "entro il 30 aprile"];
      if (c.meeting?.attendees) cells.push(...c.meeting.attendees.flatMap((p) => [p.name, p.role ?? ""]));
      for (const token of cells.join(" ").split(/\s+/).filter(Boolean)) expect(whole.has(token), `${c.name}: «${token}»`).toBe(true);
    }
  });

  it("gives the «Indice» a page number on every entry", () => {
    for (const c of CASES) {
      const text = execFileSync("pdftotext", ["-layout", "-f", "1", "-l", "1", path.join(dir, `${c.name}.pdf`), "-"], { encoding: "utf8" });
      const entries = text.split("\n").filter((line) => /\.{5,}/.test(line));
      expect(entries.length, c.name).toBeGreaterThanOrEqual(8);
      for (const line of entries) expect(line.trim(), c.name).toMatch(/\.{5,}\s*\d+$/);
    }
  });

  it("reads heading, opening, agenda, items, closing and signatures in order, with blanks for what is missing", () => {
    for (const type of MEETING_TYPES) {
      const agenda = AGENDAS[type];
      expectInOrder(textOf(`full-${type}`), [
        "Verbale",
        "del 12 marzo 2026",
        "Indice",
        "Il giorno 12 marzo 2026, alle ore 18:00, presso",
        "Presiede Maria Rossi; redige il verbale Luca Bianchi.",
        "Ordine del giorno",
        ...agenda.map((item, i) => `${i + 1}. ${item}`),
        "Presenti",
        "Assenti",
        `1. ${agenda[0]}`,
        "Votazione: favorevoli 12, contrari 2, astenuti 1.",
        `2. ${agenda[1]}`,
        "Votazione: all'unanimità.",
        ...agenda.slice(2).map((item, i) => `${i + 3}. ${item}`),
        "Varie ed eventuali",
        "alle ore 19:45.",
        "Letto, approvato e sottoscritto.",
        "Il Presidente",
        "Il Segretario",
        "Trascrizione completa",
      ]);
    }
    // Words of a right-aligned column come out of pdftotext in their own order: checked apart.
    expectInOrder(textOf("full-condominio"), [
      "Verbale dell'assemblea del condominio del 12 marzo 2026",
      "Presenti Nome Ruolo Maria Rossi Scala A, interno 3 120,5",
      "Totale",
      "425,5",
      "Assenti",
      "Paola Neri Scala B, interno 4",
    ]);
    expect(textOf("full-condominio")).toContain("Millesimi");
    expect(textOf("full-soci")).not.toContain("Millesimi");
    expectInOrder(textOf("missing-condominio"), [
      "Verbale dell'assemblea del condominio del ____________",
      "Il giorno ____________, alle ore ____________, presso ____________, in modalità ____________",
      "Presiede ____________; redige il verbale ____________.",
      "1. Approvazione del bilancio consuntivo",
      "alle ore ____________.",
      "Il Presidente Il Segretario ____________ ____________",
    ]);
    expectInOrder(textOf("no-details"), [
      "Verbale della riunione del ____________",
      "Argomenti trattati",
      "1. Avanzamento del progetto",
      "Il Presidente",
    ]);
  });
});
