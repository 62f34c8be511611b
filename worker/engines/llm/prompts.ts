import { AGENDA_INSTRUCTIONS, agendaLines, MINUTES_INSTRUCTIONS, type PartialMinutes } from "../minutes";

/**
 * What the engine (engine.ts) asks the local LLM: the system prompt, a part's request (map step)
 * and the closing request for the title and summary of the whole meeting (reduce step). Pure
 * text, kept apart from the engine so the wording can be read in one place.
 */

/** The instructions, with an agenda (issue 31) those on keeping to it as well. */
export function systemPromptFor(agenda: string[] | undefined): string {
  return agenda ? `${MINUTES_INSTRUCTIONS} ${AGENDA_INSTRUCTIONS}` : MINUTES_INSTRUCTIONS;
}

/** A part's request: the agenda if any, a heading, the part's lines. */
export function partPrompt(lines: string[], index: number, single: boolean, agenda: string[] | undefined): string {
  // No "of N" in the heading: a part done during the meeting (N unknown yet) reads as it will at «Invia».
  const heading = single ? "Trascrizione della riunione" : `Parte ${index + 1} della trascrizione della riunione`;
  return `${agenda ? `${agendaLines(agenda)}\n\n` : ""}${heading}:\n\n${lines.join("\n")}`;
}

/** The closing request of a meeting in several parts: the parts' summaries and topics, in order. */
export function overallPrompt(partials: PartialMinutes[]): string {
  const digest = partials.map((p, i) => `Parte ${i + 1}: ${p.riassunto}\nArgomenti: ${p.argomenti.map((a) => a.nome).join("; ")}`).join("\n\n");
  return `Questi sono i riassunti delle parti consecutive di una riunione. Scrivi il titolo dell'intera riunione (che ne nomini l'oggetto, mai un saluto) e un riassunto complessivo che tocchi ogni argomento.\n\n${digest}`;
}
