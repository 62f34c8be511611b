import { describe, expect, it } from "vitest";
import {
  agendaChanged,
  checkMeeting,
  isEmptyMeeting,
  isRealDate,
  isRealTime,
  meetingFromForm,
  meetingToFormValues,
  MEETING_FORM_FIELDS,
  parseParticipantLines,
  totalShares,
  votesText,
} from "./meeting-form";
import { MEETING_TEXT } from "./meeting-text";

const form = (values: Partial<Record<keyof typeof MEETING_FORM_FIELDS, string>>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(MEETING_FORM_FIELDS[key as keyof typeof MEETING_FORM_FIELDS], value);
  return data;
};

describe("meeting form", () => {
  it("knows which dates and times exist", () => {
    expect(isRealDate("2024-02-29")).toBe(true);
    expect(isRealDate("2026-02-29")).toBe(false);
    expect(isRealDate("2026-02-30")).toBe(false);
    expect(isRealDate("2026-13-01")).toBe(false);
    expect(isRealTime("00:00")).toBe(true);
    expect(isRealTime("23:59")).toBe(true);
    expect(isRealTime("25:00")).toBe(false);
    expect(isRealTime("9:30")).toBe(false);
  });

  it("reads «Nome, ruolo, millesimi» lines, with or without role and millesimi", () => {
    expect(parseParticipantLines("Mario Rossi, presidente, 120\n\n  Anna Neri  \nLuca Bruni, 85\nSara Blu, tesoriera\nPia Re; ospite; 12,5")).toEqual(
      [
        { name: "Mario Rossi", role: "presidente", shares: 120 },
        { name: "Anna Neri", role: null, shares: null },
        { name: "Luca Bruni", role: null, shares: 85 },
        { name: "Sara Blu", role: "tesoriera", shares: null },
        { name: "Pia Re", role: "ospite", shares: 12.5 },
      ],
    );
  });

  it("passes bad millesimi on, so the check refuses them naming the person", () => {
    const raw = meetingFromForm(form({ attendees: "Mario, condomino, tanti" }));
    expect(raw.attendees).toEqual([{ name: "Mario", role: "condomino", shares: "tanti" }]);
    expect(checkMeeting(raw)).toEqual({ ok: false, field: "attendees", message: MEETING_TEXT.badShares(MEETING_TEXT.attendees, 1) });
    expect(checkMeeting(meetingFromForm(form({ absentees: "Anna, -4" })))).toMatchObject({ ok: false, field: "absentees" });
  });

  it("turns the form into checked details and back", () => {
    const checked = checkMeeting(
      meetingFromForm(
        form({
          type: "condominio",
          date: "2026-03-12",
          startTime: "18:30",
          place: " Sala comune ",
          mode: "presenza",
          attendees: "Mario Rossi, presidente, 120\nPia Re; ospite; 12,5",
          agenda: "Bilancio\n\n  Facciata \n",
        }),
      ),
    );
    expect(checked).toMatchObject({
      ok: true,
      meeting: {
        type: "condominio",
        date: "2026-03-12",
        startTime: "18:30",
        endTime: null,
        place: "Sala comune",
        mode: "presenza",
        agenda: ["Bilancio", "Facciata"],
        absentees: [],
      },
    });
    if (!checked.ok) throw new Error("unreachable");
    const values = meetingToFormValues(checked.meeting);
    expect(values).toMatchObject({
      type: "condominio",
      attendees: "Mario Rossi, presidente, 120\nPia Re; ospite; 12,5",
      agenda: "Bilancio\nFacciata",
      endTime: "",
    });
    expect(checkMeeting(meetingFromForm(form(values)))).toEqual(checked);
  });

  it("«Numero di partecipanti che parlano»: a whole number is the diarization's hint, anything else refused by name", () => {
    const checked = checkMeeting(meetingFromForm(form({ speakerCount: " 3 " })));
    expect(checked).toMatchObject({ ok: true, meeting: { speakerCount: 3 } });
    if (!checked.ok) throw new Error("unreachable");
    expect(meetingToFormValues(checked.meeting).speakerCount).toBe("3");
    expect(checkMeeting(meetingFromForm(form({ speakerCount: "tre" })))).toMatchObject({
      ok: false,
      field: "speakerCount",
      message: MEETING_TEXT.badSpeakerCount,
    });
    expect(checkMeeting(meetingFromForm(form({ speakerCount: "" })))).toMatchObject({ ok: true, meeting: { speakerCount: null } });
  });

  it("a form left as it came is empty", () => {
    const checked = checkMeeting(meetingFromForm(form({})));
    expect(checked.ok && isEmptyMeeting(checked.meeting)).toBe(true);
    const withAgenda = checkMeeting(meetingFromForm(form({ agenda: "Bilancio" })));
    expect(withAgenda.ok && isEmptyMeeting(withAgenda.meeting)).toBe(false);
  });

  it("refuses the first bad field by name", () => {
    expect(checkMeeting({ type: "festa" })).toMatchObject({ ok: false, field: "type" });
    expect(checkMeeting({ date: "2026-02-30" })).toMatchObject({ ok: false, field: "date", message: MEETING_TEXT.badDate });
    expect(checkMeeting({ endTime: "24:00" })).toMatchObject({ ok: false, field: "endTime" });
    expect(checkMeeting({ agenda: ["a", 3] })).toMatchObject({ ok: false, field: "agenda", message: MEETING_TEXT.agendaItemInvalid(2) });
    expect(checkMeeting({ chair: "x".repeat(201) })).toMatchObject({ ok: false, field: "chair" });
    expect(checkMeeting({ speakerCount: 0 })).toMatchObject({ ok: false, field: "speakerCount" });
    expect(checkMeeting(null)).toMatchObject({ ok: false, field: "meeting" });
  });

  it("tells when the agenda changed", () => {
    expect(agendaChanged(null, { type: "riunione", agenda: [] })).toBe(false);
    expect(agendaChanged({ type: "riunione", agenda: ["A"] }, { type: "cda", agenda: ["A"] })).toBe(false);
    expect(agendaChanged({ type: "riunione", agenda: ["A", "B"] }, { type: "riunione", agenda: ["B", "A"] })).toBe(true);
    expect(agendaChanged({ type: "riunione", agenda: ["A"] }, null)).toBe(true);
  });

  it("writes votes and millesimi as a verbale does", () => {
    expect(votesText({ favorevoli: 8, contrari: 1, astenuti: 0, unanimous: false })).toBe("favorevoli 8 / contrari 1 / astenuti 0");
    expect(votesText({ favorevoli: 640.5, contrari: null, astenuti: 12, unanimous: false })).toBe("favorevoli 640,5 / contrari — / astenuti 12");
    expect(votesText({ favorevoli: null, contrari: null, astenuti: null, unanimous: true })).toBe("all'unanimità");
    expect(votesText(null)).toBeNull();
    expect(totalShares([{ name: "A", shares: 120 }, { name: "B", shares: 85.5 }, { name: "C" }])).toBe(205.5);
    expect(totalShares([{ name: "A" }])).toBeNull();
  });
});
