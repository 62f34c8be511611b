import { Paragraph, TextRun } from "docx";
import type { MeetingDetails, Participant } from "~/lib/meeting";
import { type Block, body, fixedTable, heading, muted } from "./blocks";
import { BLANK, HEADING, VERBALE_TEXT, chairFormula, longDate, openingFormula } from "./texts";

/** The verbale's heading, opening formulas and «Presenti» / «Assenti» (issue 31). */

export function headingText(meeting: MeetingDetails): string {
  return `${HEADING[meeting.type]} del ${longDate(meeting.date) ?? BLANK}`;
}

export function opening(meeting: MeetingDetails, fromAgenda: boolean): Block[] {
  return [
    body(
      openingFormula({
        type: meeting.type,
        date: longDate(meeting.date),
        startTime: meeting.startTime,
        place: meeting.place,
        mode: meeting.mode,
        fromAgenda,
      }),
    ),
    body(chairFormula(meeting.chair, meeting.secretary)),
  ];
}

const shares = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) ? new Intl.NumberFormat("it-IT", { maximumFractionDigits: 3 }).format(value) : BLANK;

/**
 * One table per list. A condominium's lists carry the millesimi, and their total when every share
 * is given (a partial sum would look like a real figure). No list at all is a blank to fill.
 */
function people(title: string, list: Participant[] | undefined, condominium: boolean): Block[] {
  const out: Block[] = [heading(title, 1)];
  if (list === undefined) {
    out.push(new Paragraph({ spacing: { after: 160 }, children: [new TextRun(`${BLANK}${BLANK}${BLANK}`)] }));
    return out;
  }
  if (list.length === 0) {
    out.push(muted(VERBALE_TEXT.nobodyListed));
    return out;
  }
  const rows = list.map((p) => [p.name, p.role?.trim() ?? ""]);
  if (!condominium) {
    out.push(
      fixedTable(
        [
          { title: VERBALE_TEXT.name, share: 3 },
          { title: VERBALE_TEXT.role, share: 2 },
        ],
        rows,
      ),
    );
    return out;
  }
  const known = list.every((p) => typeof p.shares === "number" && Number.isFinite(p.shares));
  const total = known ? list.reduce((sum, p) => sum + (p.shares as number), 0) : null;
  out.push(
    fixedTable(
      [
        { title: VERBALE_TEXT.name, share: 5 },
        { title: VERBALE_TEXT.role, share: 3 },
        { title: VERBALE_TEXT.shares, share: 2, align: "right" },
      ],
      list.map((p, i) => [...rows[i], shares(p.shares)]),
      [VERBALE_TEXT.total, "", total === null ? BLANK : shares(total)],
    ),
  );
  return out;
}

export function participants(meeting: MeetingDetails): Block[] {
  const condominium = meeting.type === "condominio";
  return [...people(VERBALE_TEXT.present, meeting.attendees, condominium), ...people(VERBALE_TEXT.absent, meeting.absentees, condominium)];
}
