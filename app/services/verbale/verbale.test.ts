import { describe, expect, it } from "vitest";
import { MEETING_TYPES, type MeetingDetails } from "~/lib/meeting";
import { docxTables, docxText, readZip } from "../../../tests/support/docx";
import { AGENDAS, LONG_OWNER, agendaMinutes, detailWith, fullMeeting } from "../../../tests/support/verbale-fixtures";
import { buildDocx } from "../docx-report.server";

/** The text of the Word verbale for each type of meeting (issue 31); how it renders: verbale-rendering.test.ts. */

async function documentOf(meeting: MeetingDetails | null, options: Parameters<typeof agendaMinutes>[1] = {}) {
  const agenda = meeting?.agenda ?? AGENDAS.riunione;
  const zip = readZip(await buildDocx(detailWith(agendaMinutes(agenda, options)), { meeting }));
  const xml = zip.get("word/document.xml")!.toString("utf8");
  // The «Indice» repeats the headings: the body is read from the opening formula on.
  const text = docxText(xml);
  return { xml, text, body: text.slice(text.indexOf("Il giorno ")), tables: docxTables(xml), styles: zip.get("word/styles.xml")!.toString("utf8") };
}

const HEADINGS = {
  condominio: "Verbale dell'assemblea del condominio del 12 marzo 2026",
  soci: "Verbale dell'assemblea dei soci del 12 marzo 2026",
  cda: "Verbale del consiglio di amministrazione del 12 marzo 2026",
  "consiglio-classe": "Verbale del consiglio di classe del 12 marzo 2026",
  riunione: "Verbale della riunione del 12 marzo 2026",
};

const CONVENED = {
  condominio: "si è riunita l'assemblea del condominio, regolarmente convocata,",
  soci: "si è riunita l'assemblea dei soci, regolarmente convocata,",
  cda: "si è riunito il consiglio di amministrazione, regolarmente convocato,",
  "consiglio-classe": "si è riunito il consiglio di classe",
  riunione: "si è tenuta la riunione",
};

const CLOSED = { condominio: "l'assemblea", soci: "l'assemblea", cda: "la seduta", "consiglio-classe": "la seduta", riunione: "la riunione" };

describe("the Word verbale's text", () => {
  it.each(MEETING_TYPES)("writes the fixed parts of a verbale of type %s, in order", async (type) => {
    const meeting = fullMeeting(type);
    const agenda = AGENDAS[type];
    const { text, body } = await documentOf(meeting);
    expect(text.split("\n").slice(0, 3)).toEqual([HEADINGS[type], "Assemblea ordinaria di marzo", "Indice"]);
    const place = type === "condominio" ? "la sala comune di via Roma 12, Milano" : "la sede di via Garibaldi 5, Torino";
    expect(body).toContain(
      [
        `Il giorno 12 marzo 2026, alle ore 18:00, presso ${place}, in forma mista, in presenza e in videoconferenza, ${CONVENED[type]} per discutere e deliberare sul seguente ordine del giorno.`,
        "Presiede Maria Rossi; redige il verbale Luca Bianchi.",
        "Ordine del giorno",
        ...agenda,
        "Presenti",
      ].join("\n"),
    );
    expect(body).toContain(
      [
        `1. ${agenda[0]}`,
        "Discussione",
        `[01:00] Si illustra il punto: ${agenda[0].toLowerCase()}.`,
        "[04:30] Intervengono i presenti sul punto 1.",
        "Deliberazione",
        `[05:10] Si approva: ${agenda[0].toLowerCase()}.`,
        "Votazione: favorevoli 12, contrari 2, astenuti 1.",
        `2. ${agenda[1]}`,
      ].join("\n"),
    );
    expect(body).toContain(`[15:20] Si delibera sul punto: ${agenda[1].toLowerCase()}.\nVotazione: all'unanimità.\nAzioni da fare`);
    expect(body).toContain(
      [
        "Varie ed eventuali",
        "Discussione",
        "[59:00] Si segnala la perdita d'acqua nel locale caldaia.",
        "Deliberazione",
        "Nessuna deliberazione.",
        "Azioni da fare",
      ].join("\n"),
    );
    expect(body).toContain(
      `Esauriti i punti all'ordine del giorno, il Presidente dichiara chiusa ${CLOSED[type]} alle ore 19:45.\nLetto, approvato e sottoscritto.\nIl Presidente`,
    );
    expect(body.slice(0, body.indexOf("Letto, approvato"))).not.toContain(BLANK_RUN);
  });

  it("lists a condominium's present and absent with their millesimi and total, others without", async () => {
    const condominium = await documentOf(fullMeeting("condominio"));
    expect(condominium.tables.slice(0, 2)).toEqual([
      [
        ["Nome", "Ruolo", "Millesimi"],
        ["Maria Rossi", "Scala A, interno 3", "120,5"],
        ["Luca Bianchi", "Scala A, interno 5", "95"],
        ["Giovanni Verdi", "Scala B, interno 1", "210"],
        ["Totale", "", "425,5"],
      ],
      [
        ["Nome", "Ruolo", "Millesimi"],
        ["Paola Neri", "Scala B, interno 4", "80"],
        ["Totale", "", "80"],
      ],
    ]);
    const board = await documentOf(fullMeeting("cda"));
    expect(board.tables.slice(0, 2)).toEqual([
      [
        ["Nome", "Ruolo"],
        ["Maria Rossi", "Presidente"],
        ["Luca Bianchi", "Segretario"],
        ["Giovanni Verdi", ""],
      ],
      [
        ["Nome", "Ruolo"],
        ["Paola Neri", ""],
      ],
    ]);
    // Actions with owner and deadline, a missing one as «—»; the signatures with the names.
    expect(board.tables.slice(2)).toEqual([
      [
        ["Attività", "Responsabile", "Scadenza", "Minuto"],
        ["Richiedere tre preventivi per i lavori", "L'amministratore", "entro il 30 aprile", "16:00"],
      ],
      [
        ["Attività", "Responsabile", "Scadenza", "Minuto"],
        ["Inviare il verbale ai condomini", "—", "—", "59:30"],
      ],
      [
        ["Il Presidente", "Il Segretario"],
        ["Maria Rossi", "Luca Bianchi"],
        ["_________________________", "_________________________"],
      ],
    ]);
  });

  it("leaves a visible blank for every missing detail and invents none", async () => {
    const { text, body, tables } = await documentOf({
      type: "condominio",
      agenda: AGENDAS.condominio,
      attendees: [{ name: "Anna Blu" }],
      date: "2026-02-30",
    });
    expect(text.split("\n")[0]).toBe("Verbale dell'assemblea del condominio del ____________");
    expect(body).toContain(
      "Il giorno ____________, alle ore ____________, presso ____________, in modalità ____________, si è riunita l'assemblea del condominio",
    );
    expect(body).toContain("Presiede ____________; redige il verbale ____________.");
    expect(body).toContain("Assenti\n____________________________________\n");
    expect(body).toContain("il Presidente dichiara chiusa l'assemblea alle ore ____________.");
    // A share not given is a blank, and so is the total it would be part of.
    expect(tables[0]).toEqual([
      ["Nome", "Ruolo", "Millesimi"],
      ["Anna Blu", "", "____________"],
      ["Totale", "", "____________"],
    ]);
    expect(tables.at(-1)![1]).toEqual(["____________", "____________"]);
    expect(body.slice(0, body.indexOf("Trascrizione completa"))).not.toMatch(/\d{1,2}:\d{2}, presso|19:45|Maria Rossi/);
  });

  it("without meeting details writes a «Riunione di lavoro» verbale over the topics found, placing older results by name and minute", async () => {
    const { text, body } = await documentOf(null, { legacy: true });
    expect(text.split("\n")[0]).toBe("Verbale della riunione del ____________");
    expect(body).toContain("si è tenuta la riunione per trattare gli argomenti che seguono.");
    expect(body).toContain(`Argomenti trattati\n${AGENDAS.riunione.join("\n")}\nPresenti`);
    expect(body).toContain("Presenti\n____________________________________\nAssenti");
    expect(body).toContain("Votazione: favorevoli 12, contrari 2, astenuti 1.\n2. Pianificazione del rilascio");
    expect(body).toContain("Esauriti gli argomenti da trattare, il Presidente dichiara chiusa la riunione alle ore ____________.");
    // Which engine made the minutes goes with the recording's facts in the appendix.
    expect(body).toMatch(
      /Il Segretario\n(?:.*\n){4}Trascrizione completa\nData: .*File: riunione\.webm\nVerbale redatto da: analizzatore estrattivo locale\.\n/,
    );
  });

  it("gives the table of contents its entries and page numbers, and every paragraph style an explicit line rule", async () => {
    const { xml, styles } = await documentOf(fullMeeting("soci"), { owner: LONG_OWNER });
    const toc = xml.slice(xml.indexOf("TOC \\h"), xml.indexOf("</w:sdtContent>"));
    expect(docxText(toc).split("\n").slice(0, 3)).toEqual(["Ordine del giorno1", "Presenti1", "Assenti1"]);
    expect(styles).toMatch(/<w:pPrDefault><w:pPr><w:spacing w:line="276" w:lineRule="auto"\/>/);
    expect(styles).toMatch(/w:styleId="Title">[\s\S]*?<w:spacing [^>]*w:lineRule="auto"/);
    // The actions table: fixed layout and widths in twips that add up to the text width.
    expect(xml).toContain('<w:tblLayout w:type="fixed"/>');
    expect(xml).toMatch(/<w:tblGrid><w:gridCol w:w="4433"\/><w:gridCol w:w="2313"\/><w:gridCol w:w="1927"\/><w:gridCol w:w="965"\/><\/w:tblGrid>/);
  });
});

const BLANK_RUN = "____________";
