/**
 * Deadlines as said in a meeting ("entro il trenta maggio", "per giovedì", "a fine mese", "tra due
 * settimane", "domani mattina"), strongest first. Each ends at punctuation or at a word that starts
 * another clause. Used by the action items (actions.ts) and by the replies to a request (turns.ts).
 */
import { countWords } from "./text";

const WEEKDAY = String.raw`(?:lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica)`;
const MONTH = String.raw`(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)`;
// The days of a month said in words ("del quindici", "il ventotto").
const DAY_NUMBER = String.raw`(?:primo|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|ventuno|ventidue|ventitré|ventitre|ventiquattro|venticinque|ventisei|ventisette|ventotto|ventinove|trenta|trentuno)`;
// The moments of a day a time is said by: "dopo pranzo", "domenica dopo la messa".
const DAY_MOMENT = String.raw`(?:riunione|seduta|assemblea|consiglio|incontro|call|review|pranzo|cena|pausa|servizio|turno|lezione|messa|partita)`;
// The hour said after a day: «domani alle sei», «giovedì alle 18:30», «lunedì verso le nove e mezza».
const AT_HOUR = String.raw`(?:alle|verso\s+le)\s+(?:\d{1,2}(?:[:.]\d{2})?|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|ventuno|ventidue|ventitré)(?:\s+e\s+(?:mezza|un\s+quarto|trenta|quindici|quarantacinque))?(?![\p{L}\d])`;
const MEETING = String.raw`(?:riunione|seduta|assemblea|consiglio|incontro|call|review)`;

// words: the deadline takes the words after the match ("entro" + "il trenta maggio");
// unit: up to the time unit ("tra due settimane"); whole: the match is the deadline ("sabato mattina").
// strong: said as a deadline ("entro", "per venerdì", "a fine mese"); a bare day may date something else.
// event: a deadline said by an event ("prima di entrare in teatro"): a few words only, and weak
// when it opens the sentence, where it is rather a condition ("Prima di entrare devono firmare…").
type DuePattern = { re: RegExp; kind: "words" | "unit" | "whole"; strong: boolean; needsWords?: boolean; event?: boolean };
const pattern = (source: string, kind: DuePattern["kind"], strong: boolean, needsWords = false, event = false): DuePattern => ({
  re: new RegExp(String.raw`(?<![\p{L}])` + source, "iu"),
  kind,
  strong,
  needsWords,
  event,
});

const DUE_PATTERNS: DuePattern[] = [
  pattern(String.raw`entro\s+(?:e\s+non\s+oltre\s+)?`, "words", true, true),
  // "prima dell'inverno" ("dell'" before "del"), not "prima di tutto" (a way to begin) nor "prima
  // di mandarla" (an order of steps, not a date).
  pattern(
    String.raw`(?:non\s+oltre|al\s+più\s+tardi|prima\s+(?!di\s+tutto)(?!di\s+\p{L}+(?:are|ere|ire|ar(?:l[oaie]|ne|ci|si)|er(?:l[oaie]|ne|ci|si)|ir(?:l[oaie]|ne|ci|si))(?![\p{L}]))(?:dell'|della|dello|delle|degli|dei|del|di))\s*`,
    "words",
    true,
    true,
  ),
  // "prima di entrare in teatro", "prima che si riaccenda": the event that closes the time left
  // (not "prima di mandarla", an order of steps).
  pattern(
    String.raw`prima\s+(?:di\s+(?=(?:entrare|rientrare|partire|ripartire|andare|arrivare|aprire|riaprire|chiudere|iniziare|cominciare|ricominciare|uscire|tornare|riaccendere|riprendere)(?![\p{L}]))|che\s+)`,
    "words",
    true,
    true,
    true,
  ),
  pattern(
    String.raw`per\s+(?=(?:${WEEKDAY}|domani|dopodomani|stasera|oggi|mezzogiorno|mezzanotte|natale|pasqua|ferragosto|capodanno|fine|la\s+fine|la\s+prossima|il\s+prossimo|la\s+settimana|il\s+\d|il\s+${DAY_NUMBER}(?![\p{L}])|metà|(?:la|il)\s+${MEETING}\s+(?:di\s+${WEEKDAY}|del\s+(?:\d{1,2}|${DAY_NUMBER})(?![\p{L}]))))`,
    "words",
    true,
  ),
  pattern(
    String.raw`(?:alla|nella|per\s+la|per\s+il|al)\s+prossim[oa]\s+(?=riunione|seduta|assemblea|settimana|consiglio|incontro|call)`,
    "words",
    true,
  ),
  // «dammi fino a mercoledì»: the day the time left ends.
  pattern(String.raw`fino\s+a\s+(?:${WEEKDAY}|domani|dopodomani|stasera)(?![\p{L}])`, "whole", true),
  // "a fine mese", "a fine aprile", "a metà mese": a deadline said without "entro" ("fino a fine giornata" is a duration).
  pattern(
    String.raw`(?<!fino\s+)a\s+(?:fine|metà)\s+(?:mese|settimana|anno|giornata|trimestre|semestre|quadrimestre|${MONTH})(?![\p{L}])`,
    "whole",
    true,
  ),
  pattern(String.raw`ogni\s+(?=\w+\s+(?:giorni|settimane|mesi)|settimana|mese|lunedì|martedì|mercoledì|giovedì|venerdì)`, "unit", false),
  pattern(String.raw`(?:tra|fra)\s+(?=(?:\w+\s+(?:giorni|settimane|mesi)|(?:una|un)\s+(?:settimana|mese)))`, "unit", false),
  // "domenica prossima" is a date even after "di" ("alle messe di domenica prossima").
  pattern(String.raw`${WEEKDAY}\s+prossim[oa](?![\p{L}])`, "whole", false),
  // A day, or the day from which ("da lunedì"), not a day that qualifies a noun ("il trasloco di
  // venerdì"); "lunedì" ends in a letter \b does not know.
  pattern(
    String.raw`(?<!\b(?:di|del|della|dello)\s+)(?:da\s+)?(?:${WEEKDAY}|domani|dopodomani|stasera)(?:\s+(?:prossimo|prossima|mattina|pomeriggio|sera|stesso|stessa))?(?:\s+${AT_HOUR})?(?:\s+dopo\s+(?:(?:la|il|lo|l')\s*)?${DAY_MOMENT})?(?![\p{L}])`,
    "whole",
    false,
  ),
  // "oggi pomeriggio", "in giornata"; a bare "oggi" only closing the clause ("gliela scrivo io oggi"):
  // at its start it is too often "today we talk about…".
  pattern(
    String.raw`(?:oggi\s+(?:pomeriggio|stesso|in\s+giornata)|in\s+giornata|stamattina|(?<=\p{L}\s+)oggi(?=\s*(?:[.,;:!?]|$)|\s+(?:se|che|così|perché|quando|appena)\s))`,
    "whole",
    false,
  ),
  // "la settimana prossima", "il mese prossimo", "questa settimana", "in mattinata": the period, said without a preposition.
  pattern(
    String.raw`(?:la\s+settimana\s+prossima|la\s+prossima\s+settimana|il\s+mese\s+prossimo|il\s+prossimo\s+mese|(?:questa|in)\s+settimana|questo\s+mese|questa\s+sera|stanotte|domattina|in\s+mattinata|in\s+serata|nei\s+prossimi\s+giorni)(?![\p{L}])`,
    "whole",
    false,
  ),
  // A day said from another: "te lo scrivo il giorno prima", "il bonifico il giorno stesso".
  pattern(String.raw`il\s+giorno\s+(?:prima|stesso)(?![\p{L}])`, "whole", false),
  // A date said alone, "il quindici marzo", "il 15/3": the day something is done.
  pattern(String.raw`(?<![\p{L}]\s*(?:di|del|dal|al|dallo)\s+)il\s+(?:${DAY_NUMBER}|\d{1,2})(?:\s+${MONTH}|/\d{1,2})(?![\p{L}\d])`, "whole", false),
  // A moment of the day's schedule: "subito dopo la riunione", "dopo il servizio", "dopo pranzo".
  pattern(String.raw`(?:subito\s+)?dopo\s+(?:(?:la|il|lo|l')\s*)?${DAY_MOMENT}(?![\p{L}])`, "whole", true),
  // "subito" closing a clause or before "dopo…" ("va fatta subito, sennò…", "la faccio subito dopo").
  pattern(String.raw`subito(?=\s*(?:[.,;:!?]|$|dopo\s))`, "whole", true),
  // "te la giro appena chiudiamo", "appena arriva il preventivo": as soon as an event happens —
  // not "è appena arrivato", "ho appena finito" (just done). Weak: a day said with the request wins.
  pattern(
    String.raw`(?<!(?:ho|hai|ha|abbiamo|avete|hanno|è|sono|sei|siamo|siete|era|erano|sarà|ero)\s+)(?:non\s+)?appena\s+(?!(?:\p{L}+(?:ato|ata|ati|ate|uto|uta|uti|ute|ito|ita|iti|ite))(?![\p{L}]))`,
    "words",
    false,
    true,
    true,
  ),
];
const DUE_END =
  /^(?:e|ed|ma|che|perché|perche|se|con|così|cosi|quando|altrimenti|mentre|poi|dopo|così|insieme|oppure|o|allora|quindi|comunque|però|pero|pure|per\s+(?!la fine|il|la|fine))$/i;
// After the first word of a deadline, a clitic or a yes/no starts the rest of the clause: "per
// giovedì ce l'ho", "per il 12 la mando", "entro venerdì sì".
const CLAUSE_AFTER = /^(?:ce|ci|lo|la|li|le|l'\p{L}*|gli|glie\p{L}*|mi|ti|vi|ne|me|te|io|tu|sì|si|no)$/iu;

// Words without which no deadline pattern can match.
const DUE_HINT =
  /giorno|entro|appena|mezzogiorno|mezzanotte|natale|pasqua|ferragosto|capodanno|oltre|tardi|prima|dopo|per |prossim|ogni|tra |fra |oggi|giornata|stamattina|fine|metà|subito|settimana|mese|stanotte|domattina|mattinata|serata|questa sera|giorni|\/|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica|domani|stasera/iu;
const DAY_WORD =
  /^(?:oggi|domani|dopodomani|stasera|stamattina|lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica)$/iu;
const UNIT = /^(?:giorni|settimane|mesi|settimana|mese|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)$/iu;

// A clause giving a reason or what happens otherwise: its time is not the task's ("chiamo subito,
// sennò ti danno l'appuntamento fra tre settimane"; "le ordina lunedì, tanto per stasera non arrivano").
const REASON_CLAUSE = /(?:^|[,;]\s*|\s)(?:tanto|sennò|senno|se\s+no|altrimenti|perché|perche)\s/iu;

// Where a second clause with its own verb starts: «lo chiamo domattina, e gli dico che…», «li chiamo
// questa settimana, e se mi dicono di sì…», «lo chiamo oggi pomeriggio e gli dico di venire…»; a
// purpose: «li ordino domattina, così arrivano per la settimana prossima».
const NEXT_CLAUSE = /,\s+(?:e\s+|poi\s+)?(?=(?:se|gli|le|lo|la|li|ci|ne|mi|poi)\s)|\s+e\s+(?=(?:gli|le|ci|poi|se)\s)|;\s|,\s+così\s+(?=\p{L})/iu;

/**
 * The deadline as said: "entro il trenta maggio", "entro la fine della settimana". The time said in
 * the first clause, with the verb of the task, is the task's, even when a later clause has a firmer
 * one: «il meccanico lo chiamo domattina, e gli dico che lo vogliamo pronto entro il quindici».
 */
export function findDue(sentence: string): { due: string; strong: boolean } | undefined {
  const reason = REASON_CLAUSE.exec(sentence);
  const said = reason && reason.index > 0 ? sentence.slice(0, reason.index) : sentence;
  const due = dueIn(said);
  const next = due && NEXT_CLAUSE.exec(said);
  if (!next || next.index === 0 || said.indexOf(due.due) < next.index + next[0].length) return due;
  return dueIn(said.slice(0, next.index)) ?? due;
}

function dueIn(sentence: string): { due: string; strong: boolean } | undefined {
  if (!DUE_HINT.test(sentence)) return undefined;
  for (const { re, kind, strong, needsWords, event } of DUE_PATTERNS) {
    const m = re.exec(sentence);
    if (!m) continue;
    // A day said before the event is when: «prenoto io stasera, prima che finiscano le camere».
    if (event && DUE_PATTERNS.some((p) => !p.event && (p.re.exec(sentence)?.index ?? Infinity) < m.index)) continue;
    const after = sentence.slice(m.index + m[0].length);
    // Punctuation ends it, not the separators of a time or a date in digits («18:30», «30.5», «9.000»).
    const words = after.split(/(?<!\d(?=[.:]\d))(?=[,.;:?!])|\s+/).filter((w) => w !== "");
    const taken: string[] = [];
    // A day ("sabato mattina", "oggi stesso") is whole: what follows is the rest of the sentence.
    // "ogni lunedì", "ogni quindici giorni", "tra due settimane": the time unit closes the deadline.
    const unitAt = kind === "unit" ? words.findIndex((w) => UNIT.test(w)) : -1;
    for (const w of kind === "whole" ? [] : unitAt >= 0 ? words.slice(0, unitAt + 1) : words) {
      if (/^[,.;:?!]/.test(w)) break;
      // "entro" needs the words after it; "oggi pomeriggio" or "sabato mattina" is whole already.
      if ((taken.length > 0 || !needsWords) && DUE_END.test(w)) break;
      // (Not the pronoun's own: «appena ce l'ho».)
      if (taken.length > 0 && CLAUSE_AFTER.test(w) && !(/^(?:ce|me|te|se|ve)$/iu.test(taken[taken.length - 1]) && /^l'/iu.test(w))) break;
      // "entro stasera faccio il rilascio": after a day only its part of the day follows.
      if (taken.length > 0 && DAY_WORD.test(taken[taken.length - 1]) && !/^(?:mattina|pomeriggio|sera|prossim[oa]|stesso|stessa)$/iu.test(w)) break;
      taken.push(w);
      if (taken.length >= (event ? 3 : 7)) break;
    }
    // (A preposition left hanging before a pronoun or an article is no part of it: "prima di partire per la…".)
    const due = `${m[0]} ${taken.join(" ")}`
      .replace(/\s+/g, " ")
      .replace(/' /g, "'")
      .trim()
      // (…nor one left before the words cut off: «entro la fine della settimana prossima prima del».)
      .replace(/(?:\s+(?:prima|dopo))?\s+(?:per|a|in|da|con|su|di|del|della|dello|dei|degli|delle|al|alla|allo|ai|agli|alle)$/iu, "");
    // "entro" or "prima del…" alone is no deadline.
    if (needsWords && taken.length === 0) continue;
    const opening = event && /^(?:(?:e|ed|ma|però|allora|quindi|poi)[,]?\s+)?$/iu.test(sentence.slice(0, m.index));
    return { due, strong: strong && !opening };
  }
  return undefined;
}

// A day said on its own, maybe with a word of assent or a short condition: «Domani.», «Oggi, se ci riesci.».
const DAY_ALONE = new RegExp(
  String.raw`^(?:(?:sì|si|ok|allora|diciamo|magari)[,]?\s+)?((?:entro\s+)?(?:oggi|domani|dopodomani|stasera|stamattina|domattina|${WEEKDAY})(?:\s+(?:mattina|pomeriggio|sera|stesso|prossimo|prossima))?)(?![\p{L}])`,
  "iu",
);

/** The day of a sentence that says only a day: the deadline of the task said just before it. */
export function daySaidAlone(sentence: string): string | undefined {
  const text = sentence.trim();
  const m = DAY_ALONE.exec(text);
  return m && text.split(/\s+/).length <= 5 ? m[1].toLocaleLowerCase("it-IT") : undefined;
}

/** Whether a sentence is a short aside with no time and no question, as a speaker adds between a task and its deadline («Ce l'ho sul computer.»). */
export function isShortAside(text: string): boolean {
  return !findDue(text) && !/\?\s*$/.test(text) && countWords(text) <= 6;
}
