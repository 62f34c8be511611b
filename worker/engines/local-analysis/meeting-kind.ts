/**
 * The kind of meeting, as its opening names it ("Dichiaro aperta l'assemblea straordinaria del
 * condominio…" -> "Assemblea del condominio"): the title opens with it ("Assemblea del
 * condominio: tetto e videosorveglianza", write-up.ts).
 */
import { capitalise } from "./text";

// "assemblea straordinaria del condominio", "consiglio comunale", "riunione di redazione".
const KIND_NOUN = String.raw`(?:assemblea|consiglio|riunione|seduta|colloquio|incontro|comitato|collegio|giunta|conferenza|call|videochiamata)`;
const KIND_OF = String.raw`(?:comunale|municipale|provinciale|regionale|d'istituto|di istituto|di classe|di interclasse|di amministrazione|direttivo|dei soci|del condominio|di condominio|condominiale|di redazione|di cantiere|di reparto|di team|di progetto|sindacale|dei docenti|di quartiere|di circolo|straordinaria|ordinaria)`;
const KIND = new RegExp(String.raw`\b(${KIND_NOUN})((?:\s+${KIND_OF}){1,2})\b`, "giu");
const WHOSE = new RegExp(KIND_OF.replace("|straordinaria|ordinaria", ""), "iu");

// Meetings named by what they are for, with whose or what they are: "il post-mortem dell'incidente",
// "la retrospettiva dello sprint", "il briefing del servizio"; a "giro" only of many things ("il giro
// delle pratiche"), as "un giro della piazza" is a walk, not a meeting.
const KIND_FOR =
  /\b(post-mortem|postmortem|retrospettiva|briefing|debriefing|riesame|revisione|giro(?=\s+(?:delle|degli|dei)\b))\s+(del|della|dello|delle|degli|dei|dell')\s*(\p{L}{4,})/iu;

// Words after which "del consiglio…" still names this meeting: "la seduta del consiglio comunale".
const SITTING = /^(?:seduta|riunione|assemblea|lavori|apertura|sessione|adunanza|incontro)$/iu;
// What a body mentioned in passing does: "perché il consiglio di amministrazione vuole il programma".
const BODY_ACTS = /^\s+(?:vuole|vogliono|chiede|chiedono|ha|hanno|deve|devono|aspetta|aspettano|decide|approva|dovrà|ci|mi|vi)(?![\p{L}])/iu;

/**
 * Whether a body named in the opening is another one than this meeting: one of its members ("il
 * presidente del collegio sindacale"), or the subject of what it wants ("il consiglio vuole…").
 */
function namesAnotherBody(sentence: string, at: number, length: number): boolean {
  const of = sentence
    .slice(0, at)
    .match(/(\p{L}+)\s+(?:del|dello|della|dal|al|allo|alla|nel|nello|nella|col)\s*$|(\p{L}+)\s+(?:dell'|all'|dall'|nell')$/iu);
  if (of && !SITTING.test(of[1] ?? of[2])) return true;
  return BODY_ACTS.test(sentence.slice(at + length));
}

/** The kind of meeting as its opening names it: "Assemblea del condominio", "Consiglio comunale". */
export function meetingKind(opening: string[]): string | undefined {
  for (const sentence of opening) {
    const kindFor = sentence.match(KIND_FOR);
    if (kindFor)
      return capitalise(`${kindFor[1].toLowerCase()} ${kindFor[2].toLowerCase()}${kindFor[2].endsWith("'") ? "" : " "}${kindFor[3].toLowerCase()}`);
    for (const m of sentence.matchAll(KIND)) {
      if (namesAnotherBody(sentence, m.index, m[0].length)) continue;
      // Of two qualifiers keep the one that says whose meeting it is ("del condominio"), not "straordinaria".
      const qualifier = m[2].match(WHOSE)?.[0] ?? m[2].trim();
      return capitalise(`${m[1].toLowerCase()} ${qualifier.toLowerCase()}`.replace(/\s+/g, " "));
    }
  }
  return undefined;
}
