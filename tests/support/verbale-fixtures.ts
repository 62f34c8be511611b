import type { MeetingDetails, MeetingType } from "~/lib/meeting";
import type { TranscriptionDetail } from "~/services/transcriptions/detail.server";

/**
 * Transcription details and meeting details of every type, for the Word verbale's tests (issue 31):
 * built in memory, without a database, as getTranscriptionDetail returns them.
 */

export const LONG_OWNER = "L'amministratore condominiale Bartolomeo Santangelo";

export const AGENDAS: Record<MeetingType, string[]> = {
  condominio: ["Approvazione del bilancio consuntivo", "Rifacimento del tetto", "Nomina dell'amministratore"],
  soci: ["Approvazione del bilancio d'esercizio", "Destinazione dell'utile"],
  cda: ["Relazione dell'amministratore delegato", "Piano degli investimenti 2027"],
  "consiglio-classe": ["Andamento didattico e disciplinare", "Proposte di uscite didattiche"],
  riunione: ["Avanzamento del progetto", "Pianificazione del rilascio"],
};

export function fullMeeting(type: MeetingType): MeetingDetails {
  const condominium = type === "condominio";
  return {
    type,
    date: "2026-03-12",
    startTime: "18:00",
    endTime: "19:45",
    place: condominium ? "la sala comune di via Roma 12, Milano" : "la sede di via Garibaldi 5, Torino",
    mode: "mista",
    chair: "Maria Rossi",
    secretary: "Luca Bianchi",
    attendees: [
      { name: "Maria Rossi", role: condominium ? "Scala A, interno 3" : "Presidente", shares: condominium ? 120.5 : null },
      { name: "Luca Bianchi", role: condominium ? "Scala A, interno 5" : "Segretario", shares: condominium ? 95 : null },
      { name: "Giovanni Verdi", role: condominium ? "Scala B, interno 1" : null, shares: condominium ? 210 : null },
    ],
    absentees: [{ name: "Paola Neri", role: condominium ? "Scala B, interno 4" : null, shares: condominium ? 80 : null }],
    agenda: AGENDAS[type],
  };
}

type Minutes = NonNullable<TranscriptionDetail["analysis"]>;

/** Minutes made for the given agenda: a topic per item, decisions with votes, actions with owners. */
export function agendaMinutes(agenda: string[], options: { title?: string; owner?: string; legacy?: boolean } = {}): Minutes {
  const topics = agenda.map((name, i) => ({
    name,
    agendaItem: options.legacy ? undefined : i + 1,
    keyPoints: [
      { point: `Si illustra il punto: ${name.toLowerCase()}.`, estimatedTimestamp: `${String(i * 10 + 1).padStart(2, "0")}:00` },
      { point: `Intervengono i presenti sul punto ${i + 1}.`, estimatedTimestamp: `${String(i * 10 + 4).padStart(2, "0")}:30` },
    ],
  }));
  topics.push({
    name: "Varie ed eventuali",
    agendaItem: options.legacy ? undefined : null,
    keyPoints: [{ point: "Si segnala la perdita d'acqua nel locale caldaia.", estimatedTimestamp: "59:00" }],
  } as never);
  return {
    id: "analysis-1",
    status: "COMPLETED",
    title: options.title ?? "Assemblea ordinaria di marzo",
    summary: "L'assemblea ha discusso i punti all'ordine del giorno e ha deliberato su ciascuno.",
    topics,
    decisions: [
      {
        text: `Si approva: ${agenda[0].toLowerCase()}.`,
        timestamp: "05:10",
        agendaItem: options.legacy ? undefined : 1,
        votes: { favorevoli: 12, contrari: 2, astenuti: 1, unanimous: false },
      },
      {
        text: `Si delibera sul punto: ${agenda[1].toLowerCase()}.`,
        timestamp: "15:20",
        agendaItem: options.legacy ? undefined : 2,
        votes: { favorevoli: null, contrari: null, astenuti: null, unanimous: true },
      },
    ],
    actionItems: [
      {
        task: "Richiedere tre preventivi per i lavori",
        owner: options.owner ?? "L'amministratore",
        due: "entro il 30 aprile",
        timestamp: "16:00",
        agendaItem: options.legacy ? undefined : 2,
      },
      { task: "Inviare il verbale ai condomini", owner: null, due: null, timestamp: "59:30", agendaItem: options.legacy ? undefined : null },
    ],
    engine: "local",
    model: null,
    edited: false,
    updatedAt: "2026-03-12T19:00:00.000Z",
    llm: { standIn: null, modelReady: false, version: null },
  };
}

export function detailWith(analysis: Minutes | null): TranscriptionDetail {
  return {
    transcription: {
      id: "00000000-0000-4000-8000-000000000031",
      userId: "00000000-0000-4000-8000-000000000001",
      fileName: "riunione.webm",
      filename: "riunione.webm",
      originalName: "riunione.webm",
      mimeType: "audio/webm",
      title: analysis?.title ?? null,
      text: "Buonasera a tutti.",
      content: "Buonasera a tutti.",
      status: "COMPLETED",
      stage: "completed",
      progress: 100,
      errorMessage: null,
      language: "it",
      duration: 3600,
      fileSize: 1000,
      createdAt: "2026-03-12T17:00:00.000Z",
      completedAt: "2026-03-12T19:00:00.000Z",
      user: { id: "u", name: "Maria Rossi", firstName: "Maria", lastName: "Rossi", email: "maria@example.com" },
      segments: [
        { position: 0, start: 0, end: 4, text: "Buonasera a tutti, iniziamo.", speaker: "Maria Rossi", originalText: null },
        { position: 1, start: 60, end: 70, text: "Passiamo al primo punto all'ordine del giorno.", speaker: null, originalText: null },
      ],
      edited: null,
      source: null,
      meeting: null,
      audioDeletedAt: null,
    },
    analysis,
    document: null,
    documentPath: null,
  };
}
