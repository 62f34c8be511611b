import { formatTimestamp, type ActionItemValue, type AnalysisResult, type DecisionValue, type TimedSegment, type TopicValue } from "~/lib/analysis";

/**
 * What the LLM engines (local and OpenAI-compatible) share: the Italian instructions for minutes
 * with decisions and action items, the transcript as the model reads it, and the assembly of the
 * partial minutes of consecutive parts of a long meeting into one result.
 */

export const MINUTES_INSTRUCTIONS = [
  "Sei un segretario che redige il verbale di una riunione in italiano a partire dalla trascrizione.",
  "Rispondi sempre in italiano, solo con il JSON richiesto, senza inventare nulla che non sia nella trascrizione.",
  "Gli argomenti seguono l'ordine del giorno o l'ordine in cui se ne parla, ciascuno con un nome breve fatto di sostantivi (mai un saluto o un verbo) e i suoi punti chiave, ognuno una frase breve.",
  "Le decisioni sono ciò che la riunione ha deciso, approvato o votato.",
  "Le azioni da fare sono gli incarichi: che cosa va fatto, chi lo deve fare (responsabile) e entro quando (scadenza), come detti nella riunione; null se non detti.",
  "Ogni elemento indica il minuto in cui se ne parla, preso dai tempi [mm:ss] della trascrizione.",
  // Short: the local engine's context reserves a fixed budget for these instructions.
  "È testo grezzo del riconoscimento vocale: punteggiatura inaffidabile, intercalari, nomi scritti male.",
  "Se una riga dice chi parla («[mm:ss] Nome: …»), chi si prende un incarico in prima persona («me ne occupo io») ne è il responsabile con quel nome, e una decisione o un punto chiave può dire chi l'ha proposto.",
].join(" ");

/**
 * With an agenda given up front (issue 31): what the model is told besides MINUTES_INSTRUCTIONS,
 * and the agenda as it reads it before the transcript. The schema's enum holds the topic names to
 * the items; fitToAgenda (agenda-fit.ts) holds the rest.
 */
export const AGENDA_INSTRUCTIONS = [
  "La riunione ha un ordine del giorno: gli argomenti sono esattamente i suoi punti, nell'ordine dato e con il nome dato, uno per punto.",
  "Ciò che di sostanziale non rientra in alcun punto va sotto «Varie ed eventuali»; saluti e appello non vanno in nessun argomento.",
  "Quando una decisione è stata votata, il suo testo riporta favorevoli, contrari e astenuti come detti, oppure «all'unanimità».",
].join(" ");

export function agendaLines(agenda: string[]): string {
  return `Ordine del giorno:\n${agenda.map((item, i) => `${i + 1}. ${item}`).join("\n")}`;
}

/** The transcript as the model reads it: one line per segment with its start time, and its speaker when known (issue 33). */
export function transcriptLines(segments: TimedSegment[]): string[] {
  return segments.filter((s) => s.text.trim()).map((s) => `[${formatTimestamp(s.start)}] ${s.speaker ? `${s.speaker}: ` : ""}${s.text.trim()}`);
}

/** The "mm:ss" stamps a block of transcript lines carries, in order, without repeats. */
export function stampsOf(lines: string[]): string[] {
  const stamps = lines.map((l) => /^\[([^\]]+)\]/.exec(l)?.[1]).filter((s): s is string => Boolean(s));
  return [...new Set(stamps)];
}

/** One part's minutes, before assembly (the shape both LLM engines ask for, in Italian keys). */
export type PartialMinutes = {
  riassunto: string;
  argomenti: { nome: string; punti: { punto: string; minuto: string }[] }[];
  decisioni: { testo: string; minuto: string }[];
  azioni: { attivita: string; responsabile: string | null; scadenza: string | null; minuto: string }[];
};

const clean = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
const nullable = (value: string | null | undefined) => clean(value) || null;
const key = (value: string) =>
  clean(value)
    .toLowerCase()
    .replace(/[.;:!]+$/, "");

/**
 * Merges the partial minutes of consecutive parts: topics with the same name become one (points
 * in order), decisions and actions are kept once each; every key point gets as excerpt the
 * transcript line said at its minute (a real quote), and its timestamp.
 */
export function assembleMinutes(partials: PartialMinutes[], segments: TimedSegment[], overall: { title: string; summary: string }): AnalysisResult {
  const lineAt = new Map<string, string>();
  for (const s of segments) {
    const stamp = formatTimestamp(s.start);
    if (!lineAt.has(stamp) && s.text.trim()) lineAt.set(stamp, clean(s.text));
  }
  const stamp = (value: string | undefined) => (value && lineAt.has(value.trim()) ? value.trim() : null);

  const topics: TopicValue[] = [];
  const byName = new Map<string, TopicValue>();
  const decisions: DecisionValue[] = [];
  const actionItems: ActionItemValue[] = [];
  const seen = new Set<string>();
  for (const part of partials) {
    for (const argomento of part.argomenti ?? []) {
      const name = clean(argomento.nome);
      const points = (argomento.punti ?? []).filter((p) => clean(p.punto));
      if (!name || points.length === 0) continue;
      let topic = byName.get(key(name));
      if (!topic) {
        topic = { name, keyPoints: [], estimatedTimestamps: [] };
        byName.set(key(name), topic);
        topics.push(topic);
      }
      for (const p of points) {
        const at = stamp(p.minuto);
        const quote = at ? lineAt.get(at) : undefined;
        topic.keyPoints.push({ point: clean(p.punto), ...(quote ? { excerpt: quote } : {}), ...(at ? { estimatedTimestamp: at } : {}) });
        topic.estimatedTimestamps!.push(at ?? "");
      }
    }
    for (const d of part.decisioni ?? []) {
      const text = clean(d.testo);
      if (!text || seen.has(`d:${key(text)}`)) continue;
      seen.add(`d:${key(text)}`);
      decisions.push({ text, timestamp: stamp(d.minuto) });
    }
    for (const a of part.azioni ?? []) {
      const task = clean(a.attivita);
      if (!task || seen.has(`a:${key(task)}`)) continue;
      seen.add(`a:${key(task)}`);
      actionItems.push({ task, owner: nullable(a.responsabile), due: nullable(a.scadenza), timestamp: stamp(a.minuto) });
    }
  }
  return { title: clean(overall.title), summary: overall.summary.trim(), topics, decisions, actionItems };
}
