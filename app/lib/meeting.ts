/**
 * Meeting details of a transcription (issue 31): what a verbale needs besides the transcript.
 * Shared by the forms, the API, the engines (the agenda) and the Word document. Every field is
 * optional but the type; a missing value stays missing (the document leaves a blank, never invents).
 */

export const MEETING_TYPES = ["riunione", "condominio", "soci", "cda", "consiglio-classe"] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  riunione: "Riunione di lavoro",
  condominio: "Assemblea di condominio",
  soci: "Assemblea dei soci",
  cda: "Consiglio di amministrazione",
  "consiglio-classe": "Consiglio di classe",
};

export const MEETING_MODES = ["presenza", "online", "mista"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

/** `shares`: millesimi for a condominium. */
export type Participant = { name: string; role?: string | null; shares?: number | null };

export type MeetingDetails = {
  type: MeetingType;
  /** YYYY-MM-DD */
  date?: string | null;
  /** HH:MM */
  startTime?: string | null;
  endTime?: string | null;
  place?: string | null;
  mode?: MeetingMode | null;
  chair?: string | null;
  secretary?: string | null;
  attendees?: Participant[];
  absentees?: Participant[];
  /** Item texts, in order. */
  agenda?: string[];
  /** How many people speak, when the user knows it (issue 33: helps the speaker diarization). */
  speakerCount?: number | null;
};

export const MEETING_LIMITS = { agendaItems: 30, agendaItemChars: 200, participants: 500 } as const;

/** The title of the catch-all topic after the agenda's items. */
export const OTHER_BUSINESS = "Varie ed eventuali";
