import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { analyses, transcriptions, usageMonths } from "~/db/schema";
import type { MeetingDetails } from "~/lib/meeting";
import { MEETING_TEXT } from "~/lib/meeting-text";
import { usageMonthOf } from "~/lib/usage";
import { action as recordingsAction } from "~/routes/api.recordings";
import { action as uploadAction } from "~/routes/api.transcription";
import { action as transcriptionAction, loader as transcriptionLoader } from "~/routes/api.transcription.$id";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { toneFile } from "../support/audio";
import { apiRequest, createTestUser, type TestUser } from "../support/db";
import { seedCompletedTranscription } from "../support/transcriptions";
import { useUploadDatabase } from "../support/upload";

/** Issue 31, meeting details: the contract through the API's handlers, on a real Postgres. */

const setup = useUploadDatabase();
let audio: Buffer;
beforeAll(() => {
  audio = fs.readFileSync(toneFile(path.join(setup.fixtures, "tono.wav"), 2));
});

type Handler = (args: never) => Promise<Response>;
async function call(handler: Handler, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const CONDOMINIO: MeetingDetails = {
  type: "condominio",
  date: "2026-03-12",
  startTime: "18:30",
  endTime: "20:15",
  place: "Sala comune, via Roma 10, Milano",
  mode: "mista",
  chair: "Mario Rossi",
  secretary: "Laura Bianchi",
  attendees: [
    { name: "Mario Rossi", role: "condomino", shares: 120 },
    { name: "Laura Bianchi", role: null, shares: 85.5 },
  ],
  absentees: [{ name: "Giulia Verdi", role: null, shares: 40 }],
  agenda: ["Approvazione del bilancio consuntivo", "Rifacimento della facciata"],
  speakerCount: null,
};

function uploadWith(user: TestUser, meeting: string | undefined) {
  const data = new FormData();
  if (meeting !== undefined) data.append("meeting", meeting);
  data.append("audio", new Blob([new Uint8Array(audio)]), "assemblea.wav");
  return call(uploadAction, apiRequest("/api/transcription", { token: user.token, body: data }));
}

const rowsOf = (userId: string) => getDb().select().from(transcriptions).where(eq(transcriptions.userId, userId));
async function recordingsUsed(userId: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonthOf())));
  return row?.recordingsUsed ?? 0;
}
const audioFiles = () => {
  const dir = path.join(getConfig().DATA_DIR, "storage", "audio");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

const get = (user: TestUser, id: string) => call(transcriptionLoader, apiRequest(`/api/transcription/${id}`, { token: user.token }), { id });
const patch = (user: TestUser, id: string, body: unknown) =>
  call(transcriptionAction, apiRequest(`/api/transcription/${id}`, { token: user.token, method: "PATCH", body }), { id });
const analyzeJobs = async (id: string) =>
  (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where key = ${`analyze:${id}`}`))[0].n;
const seed = (userId: string) => seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), userId);

/** Each bad input, the field its message must name. */
const BAD: { name: string; meeting: unknown; field: string; message: string }[] = [
  { name: "an unknown type", meeting: { type: "assemblea" }, field: "type", message: MEETING_TEXT.badType },
  { name: "an unknown mode", meeting: { mode: "telefono" }, field: "mode", message: MEETING_TEXT.badMode },
  { name: "30 February", meeting: { date: "2026-02-30" }, field: "date", message: MEETING_TEXT.badDate },
  { name: "a date in another format", meeting: { date: "12/03/2026" }, field: "date", message: MEETING_TEXT.badDate },
  { name: "25:00", meeting: { startTime: "25:00" }, field: "startTime", message: MEETING_TEXT.badStartTime },
  { name: "an end at 18:60", meeting: { endTime: "18:60" }, field: "endTime", message: MEETING_TEXT.badEndTime },
  {
    name: "31 agenda items",
    meeting: { agenda: Array.from({ length: 31 }, (_, i) => `Punto ${i + 1}`) },
    field: "agenda",
    message: MEETING_TEXT.agendaTooMany,
  },
  {
    name: "an item of 201 characters",
    meeting: { agenda: ["Bilancio", "x".repeat(201)] },
    field: "agenda",
    message: MEETING_TEXT.agendaItemTooLong(2),
  },
  {
    name: "501 attendees",
    meeting: { attendees: Array.from({ length: 501 }, (_, i) => ({ name: `Persona ${i}` })) },
    field: "attendees",
    message: MEETING_TEXT.participantsTooMany(MEETING_TEXT.attendees),
  },
  {
    name: "501 absentees",
    meeting: { absentees: Array.from({ length: 501 }, (_, i) => ({ name: `Persona ${i}` })) },
    field: "absentees",
    message: MEETING_TEXT.participantsTooMany(MEETING_TEXT.absentees),
  },
  {
    name: "negative millesimi",
    meeting: { attendees: [{ name: "Mario" }, { name: "Anna", shares: -3 }] },
    field: "attendees",
    message: MEETING_TEXT.badShares(MEETING_TEXT.attendees, 2),
  },
  {
    name: "millesimi that are not a number",
    meeting: { attendees: [{ name: "Anna", shares: "molti" }] },
    field: "attendees",
    message: MEETING_TEXT.badShares(MEETING_TEXT.attendees, 1),
  },
  {
    name: "an attendee without a name",
    meeting: { attendees: [{ role: "ospite" }] },
    field: "attendees",
    message: MEETING_TEXT.participantName(MEETING_TEXT.attendees, 1),
  },
  { name: "an unknown field", meeting: { luogo: "Milano" }, field: "meeting", message: MEETING_TEXT.unknownField("luogo") },
  { name: "a list instead of an object", meeting: ["Bilancio"], field: "meeting", message: MEETING_TEXT.invalid },
];

describe("upload with meeting details", () => {
  it("stores the details given in the multipart field and returns them", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const uploaded = await uploadWith(user, JSON.stringify(CONDOMINIO));
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.databaseId as string;
    const { status, body } = await get(user, id);
    expect(status).toBe(200);
    expect(body.meeting).toEqual(CONDOMINIO);
    expect((body.transcription as { meeting: unknown }).meeting).toEqual(CONDOMINIO);
  });

  it("normalizes what it keeps: type riunione by default, texts trimmed, blank lines of the agenda dropped", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const uploaded = await uploadWith(user, JSON.stringify({ place: "  Ufficio  ", agenda: [" Budget ", "", "Ferie"] }));
    expect(uploaded.status).toBe(200);
    const { body } = await get(user, uploaded.body.databaseId as string);
    expect(body.meeting).toMatchObject({ type: "riunione", place: "Ufficio", agenda: ["Budget", "Ferie"], attendees: [], date: null });
  });

  it("without the field there are no details", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const uploaded = await uploadWith(user, undefined);
    expect(uploaded.status).toBe(200);
    expect((await get(user, uploaded.body.databaseId as string)).body.meeting).toBeNull();
  });

  it.each([...BAD, { name: "text that is not JSON", meeting: "{type:", field: "meeting", message: MEETING_TEXT.invalid }])(
    "refuses $name with a 400 naming the field, leaving no row, no file and no usage",
    async ({ meeting, field, message }) => {
      const user = await createTestUser({ plan: "FREE_BASIC" });
      const filesBefore = audioFiles();
      const refused = await uploadWith(user, typeof meeting === "string" ? meeting : JSON.stringify(meeting));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message, field });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await recordingsUsed(user.id)).toBe(0);
      expect(audioFiles()).toBe(filesBefore);
    },
  );
});

describe("POST /api/recordings with meeting details", () => {
  it("opens the recording with its details", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const opened = await call(
      recordingsAction,
      apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm", meeting: CONDOMINIO } }),
    );
    expect(opened.status).toBe(200);
    const { body } = await get(user, opened.body.databaseId as string);
    expect(body.meeting).toEqual(CONDOMINIO);
  });

  it.each(BAD)("refuses $name with a 400 naming the field, opening nothing and counting nothing", async ({ meeting, field, message }) => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const refused = await call(recordingsAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm", meeting } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message, field });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await recordingsUsed(user.id)).toBe(0);
  });
});

describe("PATCH /api/transcription/:id { meeting }", () => {
  it("saves details without an agenda change and keeps the minutes, marking the document out of date", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await ensureDocument(t.id, { userId: user.id }, { create: true });
    expect(((await get(user, t.id)).body.document as { upToDate: boolean }).upToDate).toBe(true);

    const saved = await patch(user, t.id, { meeting: { type: "cda", place: "Sede legale", chair: "Anna Neri" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: MEETING_TEXT.saved, reanalysis: false, status: "COMPLETED" });
    const { body } = await get(user, t.id);
    expect(body.meeting).toMatchObject({ type: "cda", place: "Sede legale", chair: "Anna Neri", agenda: [] });
    expect((body.transcription as { status: string }).status).toBe("COMPLETED");
    expect((body.document as { upToDate: boolean }).upToDate).toBe(false);
    expect(await analyzeJobs(t.id)).toBe(0);
  });

  it("queues the re-analysis when the agenda changes after the analysis", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const saved = await patch(user, t.id, { meeting: { agenda: ["Bilancio", "Sito web"] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: MEETING_TEXT.savedReanalysis, reanalysis: true, status: "PENDING" });
    expect(await analyzeJobs(t.id)).toBe(1);
    const { body } = await get(user, t.id);
    expect(body.transcription).toMatchObject({ status: "PENDING", stage: "queued" });
    expect(body.meeting).toMatchObject({ agenda: ["Bilancio", "Sito web"] });
  });

  it("asks for confirmation before replacing minutes corrected by hand, and obeys the answer", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const edited = await patch(user, t.id, { title: "Titolo corretto a mano" });
    expect(edited.status).toBe(200);

    const asked = await patch(user, t.id, { meeting: { agenda: ["Bilancio"] } });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ success: false, confirmationRequired: true, message: MEETING_TEXT.confirmNeeded });
    expect((await get(user, t.id)).body.meeting).toBeNull();
    expect(await analyzeJobs(t.id)).toBe(0);

    const kept = await patch(user, t.id, { meeting: { agenda: ["Bilancio"] }, replaceEditedMinutes: false });
    expect(kept.body).toMatchObject({ reanalysis: false, status: "COMPLETED" });
    expect(await analyzeJobs(t.id)).toBe(0);
    expect(((await get(user, t.id)).body.analysis as { title: string }).title).toBe("Titolo corretto a mano");

    const replaced = await patch(user, t.id, { meeting: { agenda: ["Bilancio", "Sito"] }, replaceEditedMinutes: true });
    expect(replaced.body).toMatchObject({ reanalysis: true, status: "PENDING" });
    expect(await analyzeJobs(t.id)).toBe(1);
  });

  it("queues the analysis again when the agenda changes while it waits or runs, and not before the transcript exists", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await getDb().update(transcriptions).set({ status: "PROCESSING", stage: "analyzing" }).where(eq(transcriptions.id, t.id));
    const saved = await patch(user, t.id, { meeting: { agenda: ["Bilancio"] } });
    expect(saved.body).toMatchObject({ reanalysis: true, status: "PROCESSING" });
    expect(await analyzeJobs(t.id)).toBe(1);

    const early = await seed(user.id);
    await getDb().update(transcriptions).set({ status: "PROCESSING", stage: "transcribing", text: null }).where(eq(transcriptions.id, early.id));
    const before = await patch(user, early.id, { meeting: { agenda: ["Bilancio"] } });
    expect(before.body).toMatchObject({ reanalysis: false, status: "PROCESSING" });
    expect(await analyzeJobs(early.id)).toBe(0);
  });

  it("clears the details with meeting: null", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await patch(user, t.id, { meeting: { place: "Roma" } });
    const cleared = await patch(user, t.id, { meeting: null });
    expect(cleared.status).toBe(200);
    expect((await get(user, t.id)).body.meeting).toBeNull();
  });

  it.each([
    ...BAD,
    { name: "a replaceEditedMinutes that is not a boolean", meeting: undefined, field: "replaceEditedMinutes", message: MEETING_TEXT.invalid },
  ])("refuses $name with a 400 naming the field, changing nothing", async ({ meeting, field, message }) => {
    const user = await createTestUser();
    const t = await seed(user.id);
    await patch(user, t.id, { meeting: { place: "Roma", agenda: ["Bilancio"] }, replaceEditedMinutes: true });
    const before = (await get(user, t.id)).body;
    const [analysisBefore] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, t.id));
    const body = meeting === undefined ? { meeting: { place: "Napoli" }, replaceEditedMinutes: "sì" } : { meeting };
    const refused = await patch(user, t.id, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message, field });
    const after = (await get(user, t.id)).body;
    expect(after.meeting).toEqual(before.meeting);
    const [analysisAfter] = await getDb().select().from(analyses).where(eq(analyses.transcriptionId, t.id));
    expect(analysisAfter.updatedAt).toEqual(analysisBefore.updatedAt);
  });

  it("answers 404 for someone else's transcription and changes nothing", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const t = await seed(owner.id);
    const refused = await patch(other, t.id, { meeting: { place: "Altrove" } });
    expect(refused.status).toBe(404);
    expect((await get(owner, t.id)).body.meeting).toBeNull();
  });
});
