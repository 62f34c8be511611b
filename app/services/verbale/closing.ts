import type { MeetingDetails } from "~/lib/meeting";
import { type Block, body, signatureTable } from "./blocks";
import { BLANK, VERBALE_TEXT, closingFormula } from "./texts";

/** The closing formula with the end time, and the signature lines. */
export function closing(meeting: MeetingDetails, fromAgenda: boolean): Block[] {
  const line = "_________________________";
  return [
    body(closingFormula(meeting.type, meeting.endTime, fromAgenda), { keepNext: true, before: 240 }),
    body(VERBALE_TEXT.readAndSigned, { keepNext: true, after: 360 }),
    signatureTable([
      [VERBALE_TEXT.chairSignature, meeting.chair?.trim() || BLANK, line],
      [VERBALE_TEXT.secretarySignature, meeting.secretary?.trim() || BLANK, line],
    ]),
  ];
}
