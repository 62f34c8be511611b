import { MEETING_LIMITS, MEETING_MODES, MEETING_TYPES, type MeetingDetails, type MeetingMode, type MeetingType, type Participant } from "./meeting";
import type { VotesValue as Votes } from "./analysis";
import { MEETING_TEXT } from "./meeting-text";

/**
 * Meeting details (issue 31) as forms and the API carry them. Pure, so the browser checks the
 * form before a recording starts with the very rules the server applies (meeting.server.ts).
 */

/** The API field a refusal is about ("date", "agenda", "attendees", …), for the form to mark it. */
export type MeetingField =
  | "meeting"
  | "type"
  | "date"
  | "startTime"
  | "endTime"
  | "place"
  | "mode"
  | "chair"
  | "secretary"
  | "attendees"
  | "absentees"
  | "agenda"
  | "speakerCount";

export type MeetingCheck = { ok: true; meeting: MeetingDetails } | { ok: false; field: MeetingField; message: string };

const KNOWN_FIELDS = new Set<string>([
  "type",
  "date",
  "startTime",
  "endTime",
  "place",
  "mode",
  "chair",
  "secretary",
  "attendees",
  "absentees",
  "agenda",
  "speakerCount",
]);

const TEXT_LABELS = { place: MEETING_TEXT.place, chair: MEETING_TEXT.chair, secretary: MEETING_TEXT.secretary } as const;

class Refusal {
  constructor(
    public field: MeetingField,
    public message: string,
  ) {}
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A calendar date that exists: 2026-02-30 does not. */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isRealTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

function optionalText(value: unknown, field: keyof typeof TEXT_LABELS): string | null {
  if (blank(value)) return null;
  if (typeof value !== "string" || value.trim().length > MEETING_LIMITS.agendaItemChars)
    throw new Refusal(field, MEETING_TEXT.badText(TEXT_LABELS[field]));
  return value.trim();
}

function participants(value: unknown, field: "attendees" | "absentees"): Participant[] {
  const label = field === "attendees" ? MEETING_TEXT.attendees : MEETING_TEXT.absentees;
  if (blank(value)) return [];
  if (!Array.isArray(value)) throw new Refusal(field, MEETING_TEXT.participantsNotList(label));
  if (value.length > MEETING_LIMITS.participants) throw new Refusal(field, MEETING_TEXT.participantsTooMany(label));
  return value.map((entry: unknown, i) => {
    const n = i + 1;
    const person = typeof entry === "string" ? { name: entry } : entry;
    if (!person || typeof person !== "object" || Array.isArray(person)) throw new Refusal(field, MEETING_TEXT.participantName(label, n));
    const { name, role, shares } = person as Record<string, unknown>;
    if (typeof name !== "string" || !name.trim() || name.trim().length > MEETING_LIMITS.agendaItemChars)
      throw new Refusal(field, MEETING_TEXT.participantName(label, n));
    if (!blank(role) && (typeof role !== "string" || role.trim().length > MEETING_LIMITS.agendaItemChars))
      throw new Refusal(field, MEETING_TEXT.participantRole(label, n));
    if (!blank(shares) && (typeof shares !== "number" || !Number.isFinite(shares) || shares < 0))
      throw new Refusal(field, MEETING_TEXT.badShares(label, n));
    return { name: name.trim(), role: blank(role) ? null : (role as string).trim(), shares: blank(shares) ? null : (shares as number) };
  });
}

function agenda(value: unknown): string[] {
  if (blank(value)) return [];
  if (!Array.isArray(value)) throw new Refusal("agenda", MEETING_TEXT.agendaNotList);
  const items = value.map((item: unknown, i) => {
    if (typeof item !== "string") throw new Refusal("agenda", MEETING_TEXT.agendaItemInvalid(i + 1));
    if (item.trim().length > MEETING_LIMITS.agendaItemChars) throw new Refusal("agenda", MEETING_TEXT.agendaItemTooLong(i + 1));
    return item.trim();
  });
  const kept = items.filter(Boolean);
  if (kept.length > MEETING_LIMITS.agendaItems) throw new Refusal("agenda", MEETING_TEXT.agendaTooMany);
  return kept;
}

/**
 * Checks meeting details as a client sent them and returns them normalized (texts trimmed, blanks
 * as null, lists present). The first refusal names its field; nothing is partly accepted.
 */
export function checkMeeting(raw: unknown): MeetingCheck {
  try {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Refusal("meeting", MEETING_TEXT.invalid);
    const input = raw as Record<string, unknown>;
    const unknown = Object.keys(input).find((key) => !KNOWN_FIELDS.has(key));
    if (unknown !== undefined) throw new Refusal("meeting", MEETING_TEXT.unknownField(unknown.slice(0, 40)));
    const type = blank(input.type) ? "riunione" : input.type;
    if (!MEETING_TYPES.includes(type as MeetingType)) throw new Refusal("type", MEETING_TEXT.badType);
    const mode = blank(input.mode) ? null : input.mode;
    if (mode !== null && !MEETING_MODES.includes(mode as MeetingMode)) throw new Refusal("mode", MEETING_TEXT.badMode);
    const date = blank(input.date) ? null : input.date;
    if (date !== null && (typeof date !== "string" || !isRealDate(date))) throw new Refusal("date", MEETING_TEXT.badDate);
    const startTime = blank(input.startTime) ? null : input.startTime;
    if (startTime !== null && (typeof startTime !== "string" || !isRealTime(startTime))) throw new Refusal("startTime", MEETING_TEXT.badStartTime);
    const endTime = blank(input.endTime) ? null : input.endTime;
    if (endTime !== null && (typeof endTime !== "string" || !isRealTime(endTime))) throw new Refusal("endTime", MEETING_TEXT.badEndTime);
    const speakerCount = blank(input.speakerCount) ? null : input.speakerCount;
    if (speakerCount !== null && (typeof speakerCount !== "number" || !Number.isInteger(speakerCount) || speakerCount < 1 || speakerCount > 50))
      throw new Refusal("speakerCount", MEETING_TEXT.badSpeakerCount);
    return {
      ok: true,
      meeting: {
        type: type as MeetingType,
        date: date as string | null,
        startTime: startTime as string | null,
        endTime: endTime as string | null,
        place: optionalText(input.place, "place"),
        mode: mode as MeetingMode | null,
        chair: optionalText(input.chair, "chair"),
        secretary: optionalText(input.secretary, "secretary"),
        attendees: participants(input.attendees, "attendees"),
        absentees: participants(input.absentees, "absentees"),
        agenda: agenda(input.agenda),
        speakerCount: speakerCount as number | null,
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/** Nothing said about the meeting: a form left as it came. */
export function isEmptyMeeting(m: MeetingDetails): boolean {
  return (
    m.type === "riunione" &&
    !m.date &&
    !m.startTime &&
    !m.endTime &&
    !m.place &&
    !m.mode &&
    !m.chair &&
    !m.secretary &&
    !m.attendees?.length &&
    !m.absentees?.length &&
    !m.agenda?.length &&
    !m.speakerCount
  );
}

// ---------------------------------------------------------------- the form

/** The form's field names (on /record and on the result page). */
export const MEETING_FORM_FIELDS = {
  type: "meeting-type",
  date: "meeting-date",
  startTime: "meeting-start",
  endTime: "meeting-end",
  place: "meeting-place",
  mode: "meeting-mode",
  chair: "meeting-chair",
  secretary: "meeting-secretary",
  attendees: "meeting-attendees",
  absentees: "meeting-absentees",
  agenda: "meeting-agenda",
  speakerCount: "meeting-speakers",
} as const;

export type MeetingFormValues = Record<keyof typeof MEETING_FORM_FIELDS, string>;

/** What the result page's action answers for intent "meeting" when it did not save. */
export type MeetingActionResult = {
  intent: "meeting";
  ok: false;
  message: string;
  field?: string;
  /** The minutes were corrected by hand: ask before re-making them. */
  confirm?: boolean;
  /** What was typed, shown again as it was. */
  values: MeetingFormValues;
};

/** The form's texts as posted (to show them again after a refusal). */
export function formValues(form: { get(name: string): unknown }): MeetingFormValues {
  const entries = Object.entries(MEETING_FORM_FIELDS).map(([key, name]) => {
    const value = form.get(name);
    return [key, typeof value === "string" ? value : ""];
  });
  return Object.fromEntries(entries) as MeetingFormValues;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * «Nome, ruolo, millesimi» per line (a «;» separates instead when the line has one, so a decimal
 * comma survives). With two parts the second is the millesimi when it starts with a digit or a
 * sign, otherwise the role. A millesimi value that is no number is passed on as text, so the
 * check refuses it with the person's number instead of silently dropping it.
 */
export function parseParticipantLines(text: string): Array<{ name: string; role: string | null; shares: number | string | null }> {
  return lines(text).map((line) => {
    const parts = line.split(line.includes(";") ? ";" : ",").map((p) => p.trim());
    const [name = "", second = "", ...rest] = parts;
    let role: string | null = null;
    let shares: string | null = null;
    if (parts.length >= 3) {
      role = second || null;
      shares = rest.join(",").trim() || null;
    } else if (/^[-+]?\d/.test(second)) shares = second;
    else role = second || null;
    return { name, role, shares: shares === null ? null : toNumber(shares) };
  });
}

function toNumber(text: string): number | string {
  const normalized = text.replace(/\s/g, "").replace(",", ".");
  return /^[-+]?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : text;
}

function formatShares(shares: number): string {
  return String(shares).replace(".", ",");
}

export function participantsToLines(list: Participant[] | undefined): string {
  return (list ?? [])
    .map((p) => {
      const shares = p.shares === null || p.shares === undefined ? "" : formatShares(p.shares);
      const sep = shares.includes(",") ? "; " : ", ";
      if (shares) return [p.name, p.role ?? "", shares].join(sep);
      return p.role ? `${p.name}${sep}${p.role}` : p.name;
    })
    .join("\n");
}

/** The form's values as the API's raw meeting object (to be checked by checkMeeting). */
export function meetingFromForm(form: { get(name: string): unknown }): Record<string, unknown> {
  const text = (key: keyof typeof MEETING_FORM_FIELDS) => {
    const value = form.get(MEETING_FORM_FIELDS[key]);
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    type: text("type") || "riunione",
    date: text("date") || null,
    startTime: text("startTime") || null,
    endTime: text("endTime") || null,
    place: text("place") || null,
    mode: text("mode") || null,
    chair: text("chair") || null,
    secretary: text("secretary") || null,
    attendees: parseParticipantLines(text("attendees")),
    absentees: parseParticipantLines(text("absentees")),
    agenda: lines(text("agenda")),
    // A count that is no whole number is passed on as typed, so the check refuses it by name.
    speakerCount: text("speakerCount") ? (/^\d+$/.test(text("speakerCount")) ? Number(text("speakerCount")) : text("speakerCount")) : null,
  };
}

export function meetingToFormValues(m: MeetingDetails | null | undefined): MeetingFormValues {
  return {
    type: m?.type ?? "riunione",
    date: m?.date ?? "",
    startTime: m?.startTime ?? "",
    endTime: m?.endTime ?? "",
    place: m?.place ?? "",
    mode: m?.mode ?? "",
    chair: m?.chair ?? "",
    secretary: m?.secretary ?? "",
    attendees: participantsToLines(m?.attendees),
    absentees: participantsToLines(m?.absentees),
    agenda: (m?.agenda ?? []).join("\n"),
    speakerCount: m?.speakerCount ? String(m.speakerCount) : "",
  };
}

/** Whether two agendas differ (what decides a re-analysis). */
export function agendaChanged(before: MeetingDetails | null | undefined, after: MeetingDetails | null | undefined): boolean {
  const a = before?.agenda ?? [];
  const b = after?.agenda ?? [];
  return a.length !== b.length || a.some((item, i) => item !== b[i]);
}

/** A deliberation's vote as the verbale writes it: «all'unanimità» or «favorevoli 8 / contrari 1 / astenuti 0». */
export function votesText(votes: Votes | null | undefined): string | null {
  if (!votes) return null;
  if (votes.unanimous) return MEETING_TEXT.unanimous;
  const n = (value: number | null) => (value === null ? "—" : String(value).replace(".", ","));
  return MEETING_TEXT.votes(n(votes.favorevoli), n(votes.contrari), n(votes.astenuti));
}

/** The millesimi of a list of people, when any were given (a condominium's quorum). */
export function totalShares(list: Participant[] | undefined): number | null {
  const given = (list ?? []).filter((p) => typeof p.shares === "number");
  if (given.length === 0) return null;
  // Summed in thousandths so 85,5 + 120 is 205,5 and not 205.49999.
  return Math.round(given.reduce((sum, p) => sum + (p.shares as number) * 1000, 0)) / 1000;
}
