import type { VotesValue } from "~/lib/analysis";
import type { MeetingMode, MeetingType } from "~/lib/meeting";

/**
 * The Italian texts of the Word verbale (issue 31): the fixed parts each type of meeting has.
 * A missing detail is written as BLANK, a line to fill in by hand: never a guessed value.
 */

export const BLANK = "____________";

export const VERBALE_TEXT = {
  agenda: "Ordine del giorno",
  /** Without a given agenda the items are the topics found in the recording. */
  topicsDiscussed: "Argomenti trattati",
  present: "Presenti",
  absent: "Assenti",
  nobodyListed: "Nessuno indicato.",
  name: "Nome",
  role: "Ruolo",
  shares: "Millesimi",
  total: "Totale",
  summary: "Sintesi",
  noSummary: "Nessuna sintesi disponibile.",
  index: "Indice",
  discussion: "Discussione",
  noDiscussion: "Nessun intervento rilevato su questo punto.",
  deliberation: "Deliberazione",
  noDeliberation: "Nessuna deliberazione.",
  actions: "Azioni da fare",
  task: "Attività",
  owner: "Responsabile",
  due: "Scadenza",
  minute: "Minuto",
  notSaid: "—",
  readAndSigned: "Letto, approvato e sottoscritto.",
  chairSignature: "Il Presidente",
  secretarySignature: "Il Segretario",
  transcript: "Trascrizione completa",
  noTranscript: "Trascrizione non disponibile.",
  place: "Luogo",
} as const;

/** «Verbale dell'assemblea del condominio del 12 marzo 2026». */
export const HEADING: Record<MeetingType, string> = {
  riunione: "Verbale della riunione",
  condominio: "Verbale dell'assemblea del condominio",
  soci: "Verbale dell'assemblea dei soci",
  cda: "Verbale del consiglio di amministrazione",
  "consiglio-classe": "Verbale del consiglio di classe",
};

/** Who meets, as the opening formula says it («si è riunita l'assemblea del condominio»). */
const CONVENED: Record<MeetingType, string> = {
  riunione: "si è tenuta la riunione",
  condominio: "si è riunita l'assemblea del condominio, regolarmente convocata,",
  soci: "si è riunita l'assemblea dei soci, regolarmente convocata,",
  cda: "si è riunito il consiglio di amministrazione, regolarmente convocato,",
  "consiglio-classe": "si è riunito il consiglio di classe",
};

/** What is closed at the end («il Presidente dichiara chiusa l'assemblea»). */
const CLOSED: Record<MeetingType, string> = {
  riunione: "la riunione",
  condominio: "l'assemblea",
  soci: "l'assemblea",
  cda: "la seduta",
  "consiglio-classe": "la seduta",
};

const MODE: Record<MeetingMode, string> = {
  presenza: "in presenza",
  online: "in videoconferenza",
  mista: "in forma mista, in presenza e in videoconferenza",
};

const or = (value: string | null | undefined) => value?.trim() || BLANK;

export function openingFormula(o: {
  type: MeetingType;
  date: string | null;
  startTime: string | null | undefined;
  place: string | null | undefined;
  mode: MeetingMode | null | undefined;
  fromAgenda: boolean;
}): string {
  const mode = o.mode ? MODE[o.mode] : `in modalità ${BLANK}`;
  const purpose = o.fromAgenda ? "per discutere e deliberare sul seguente ordine del giorno" : "per trattare gli argomenti che seguono";
  return `Il giorno ${or(o.date)}, alle ore ${or(o.startTime)}, presso ${or(o.place)}, ${mode}, ${CONVENED[o.type]} ${purpose}.`;
}

export function chairFormula(chair: string | null | undefined, secretary: string | null | undefined): string {
  return `Presiede ${or(chair)}; redige il verbale ${or(secretary)}.`;
}

export function closingFormula(type: MeetingType, endTime: string | null | undefined, fromAgenda: boolean): string {
  const done = fromAgenda ? "Esauriti i punti all'ordine del giorno" : "Esauriti gli argomenti da trattare";
  return `${done}, il Presidente dichiara chiusa ${CLOSED[type]} alle ore ${or(endTime)}.`;
}

/** «favorevoli 5, contrari 1, astenuti 0», or «all'unanimità»; a count not said is a blank. */
export function votesText(votes: VotesValue): string {
  if (votes.unanimous) return "all'unanimità";
  const n = (value: number | null) => (value === null ? BLANK : new Intl.NumberFormat("it-IT").format(value));
  return `favorevoli ${n(votes.favorevoli)}, contrari ${n(votes.contrari)}, astenuti ${n(votes.astenuti)}`;
}

const MONTHS = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];

/** "2026-03-12" → "12 marzo 2026"; null for anything else, a day that does not exist included. */
export function longDate(value: string | null | undefined): string | null {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
