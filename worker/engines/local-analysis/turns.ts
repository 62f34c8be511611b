/**
 * Tasks given across turns. In a meeting a task is often asked of someone by name or by role and
 * accepted by that person in the next sentence, who gives the deadline ("Marta, il modulo lo
 * aggiorni tu?" — "Sì, a fine mese lo sistemo"; "Caposala, lo mette lei nei turni?" — "Va bene,
 * lo preparo entro giovedì"). The person addressed is the owner, the deadline may come from the
 * reply, and the reply is the same task, not a second one. The other way round too: a speaker
 * commits in the first person and the next speaker names them ("Lo chiamo io…" — "Perfetto,
 * Paolo, entro la fine del mese").
 */
import { AGENT_NOUN, namesThing, ROLE } from "./action-cues";
import { findDue } from "./deadlines";
import type { Sentence } from "./sentences";
import { contentWords, fold } from "./text";

// Fillers and openers before the name of the person addressed.
const OPENER = String.raw`(?:(?:[Oo]k|[Aa]llora|[Ss]enti|[Ss]enta|[Qq]uindi|[Ee]|[Dd]ai|[Bb]ene|[Ee]hm|[Ee]h|[Ss]cusa|[Ss]cusi|[Ee] a te|[Aa] te|[Ee] lei|[Vv]a bene)[,]?\s+)*`;
// Titles said before a name when addressing someone: "Dottor Ferraro", "Don Franco", "Signora Silvia".
// (Written with both cases of the first letter: the "i" flag would let \p{Lu} match lower case too.)
const TITLE = `(?:${"dottor dottore dottoressa signor signore signora signorina professor professore professoressa prof ingegner ingegnere avvocato avvocata architetto geometra don suor padre consigliere consigliera assessore assessora presidente sindaco sindaca maestra maestro"
  .split(" ")
  .map((w) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`)
  .join("|")})`;
const VOCATIVE = new RegExp(String.raw`^${OPENER}((?:${TITLE}\s+)?\p{Lu}[\p{Ll}']+(?:\s+\p{Lu}[\p{Ll}']+)?),\s+(.*)$`, "u");
// A trailing or inner vocative: "il pezzo lo fai tu, Chiara, con le foto", "E a te, Davide, servono…".
const INNER_VOCATIVE = /(?:^|,\s*)(\p{Lu}\p{Ll}+)(?=\s*(?:,|[.?!]?$))/gu;
const ROLE_WORD = new RegExp(String.raw`^(?:${ROLE}|${AGENT_NOUN})$`, "u");
const TITLED = new RegExp(String.raw`^${TITLE}\s`, "iu");

// Evidence that the sentence speaks to the person named: a "tu" form, a "lei" form with the
// pronoun said, a second-person pronoun, or a verb in the second person opening the clause.
const SECOND_PERSON =
  /\b(?:puoi|potresti|riesci\s+a|ti\s+occupi|te\s+ne\s+occupi|ci\s+pensi|pensaci|mi\s+mandi|mi\s+prepari|mi\s+fai|prepari|mandi|chiami|senti|fai|scrivi|controlli|verifichi|organizzi|tu|a\s+te|ti\s+serv\w+)\b|(?<!\b(?:a|da|di|per|con|su|tra|fra)\s)\blei\b/iu;
// Checking the line is no request: "Andrea, mi senti?", "mi vedete?", "ci sei?".
const LINE_CHECK =
  /\b(?:mi\s+(?:senti|sentite|vedi|vedete)|ci\s+(?:senti|sentite|vedi|vedete)|ci\s+sei|ci\s+siete|sei\s+mut[oa]|hai\s+il\s+microfono)\b/iu;
// Something asked for right now, at the table or in the room: "Elena, passami il pane", "Renato, chiudi la porta", "Tommaso,
// spegni quella cappa".
const HERE_AND_NOW =
  /^(?:(?:per\s+favore|scusa)[,]?\s+)?(?:passami|passamelo|passamela|dammi|dammelo|dammela|prestami|tienimi|aspettami|ascoltami|guardami|scusami|dimmi|spegni|accendi|abbassa|alza|siediti|sedetevi|si\s+sieda|accomodati|accomodatevi|si\s+accomodi|vieni|venite|entra|entrate|chiudi\s+la\s+porta|chiudete\s+la\s+porta|aspetta|aspettate|mi\s+passi|pronto|ciao)(?![\p{L}])/iu;
// Asking what someone thinks is no request: "Mamma, cosa dici?", "Luca, che ne pensi?".
const ASKS_OPINION = /\b(?:cosa|che)\s+(?:ne\s+)?(?:dici|dice|pensi|pensa|ne\s+dici|ne\s+pensi)\b/iu;
// Asking about what was, not for something to do: "Nicola, eri tu di reperibilità sabato?", "Sara, l'hai visto?".
const ASKS_ABOUT_PAST =
  /\b(?:eri|eravate|c'eri|avevi|sei\s+stat[oa]|siete\s+stat[ie]|hai\s+(?:già\s+)?\p{L}+(?:at|ut|it)[oaie]|l'hai\s+\p{L}+(?:at|ut|it)[oaie])\b/iu;
// A second-person present opening what follows the name: "Marco, molli tutto e guardi solo questo",
// maybe after its object taken up by a pronoun: "Matteo, il gazebo lo carichi tu".
const SECOND_PERSON_VERB =
  /^(?:(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,30}?\s+(?=(?:lo|la|li|le|l')))?(?:(?:allora|poi|intanto|magari|quindi)[,]?\s+){0,2}(?:(?:mi|ci|gli|le|lo|la|li|ne|me|te|glielo|gliela)\s+|l')*(\p{Ll}{3,}i|(?<=\b(?:mi|ci|gli|me|te|ce)\s)\p{Ll}{2}i)\b/u;
const NOT_SECOND_PERSON_VERB =
  /^(?:questi|quelli|tutti|altri|alcuni|pochi|molti|tanti|troppi|lei|lui|poi|noi|voi|loro|dopodomani|oggi|lunedi|martedi|mercoledi|giovedi|venerdi|qui|così|cosi|sì|si)$/u;

/** The role said alone as a vocative ("Tesoriere,") gets the article the meeting uses for it, else one by its ending. */
function withArticle(role: string, transcript: string): string {
  const word = role.toLowerCase();
  const m = transcript.match(
    new RegExp(String.raw`(?:^|[^\p{L}])(il|lo|la|l'|al|allo|alla|all'|del|dello|della|dell'|dal|dalla)\s*${word}(?![\p{L}])`, "iu"),
  );
  const said = m?.[1].toLowerCase();
  const article = said
    ? ((
        { al: "il", del: "il", dal: "il", allo: "lo", dello: "lo", alla: "la", della: "la", dalla: "la", "all'": "l'", "dell'": "l'" } as Record<
          string,
          string
        >
      )[said] ?? said)
    : /^[aeiou]/.test(word)
      ? "l'"
      : word.endsWith("a")
        ? "la"
        : "il";
  return article.endsWith("'") ? `${article}${word}` : `${article} ${word}`;
}

/**
 * The person a sentence speaks to, and the rest of it, when it asks or tells them something: a
 * name, a title and a name, or a role said alone ("Tesoriere, la convocazione la mandi tu?").
 */
export function addresseeOf(
  text: string,
  isName: (word: string) => boolean,
  transcript: string,
): { name: string; rest: string; asksWhen?: boolean } | undefined {
  // (The past of a relative clause says which thing, it asks nothing: «…ci pensi tu quello breve che avevi fatto l'anno scorso».)
  if (LINE_CHECK.test(text) || ASKS_OPINION.test(text) || ASKS_ABOUT_PAST.test(text.replace(/(?<=\p{L}\s+)che\s.*$/u, ""))) return undefined;
  const v = text.match(VOCATIVE);
  if (v) {
    const name = v[1];
    const rest = v[2];
    // (Said with a time it is a task after all: «Renato, chiudi la porta del magazzino entro stasera».)
    if (HERE_AND_NOW.test(rest) && !findDue(rest)) return undefined;
    const asksWhen = asksOnlyWhen(rest);
    if (asksWhen && isName(name.split(" ")[0])) return { name, rest, asksWhen };
    const spoken =
      SECOND_PERSON.test(text) ||
      (() => {
        const verb = fold(rest).match(SECOND_PERSON_VERB)?.[1];
        return !!verb && !NOT_SECOND_PERSON_VERB.test(verb);
      })();
    if (spoken) {
      if (TITLED.test(name)) return { name, rest };
      const first = name.split(" ")[0];
      if (isName(first)) return { name, rest };
      if (!name.includes(" ") && ROLE_WORD.test(fold(name)) && !namesThing(name)) return { name: withArticle(name, transcript), rest };
    }
  }
  if (!SECOND_PERSON.test(text)) return undefined;
  for (const m of text.matchAll(INNER_VOCATIVE))
    if (isName(m[1])) return { name: m[1], rest: text.replace(new RegExp(String.raw`,?\s*${m[1]}\s*,?`), " ") };
  return undefined;
}

// "Alessio, entro venerdì?", "Bea, i carrelli per quando li hai?": the person is asked only when;
// what to do was said before, and the answer gives the deadline.
const WHEN = /\b(?:per|entro|da)\s+quando\b|^(?:e\s+)?quando\s+(?:l[oaie]|ce\s+l['\p{L}]*|me\s+l[oaie])\b/iu;
function asksOnlyWhen(rest: string): boolean {
  if (!/\?\s*$/.test(rest)) return false;
  if (WHEN.test(rest)) return true;
  const due = findDue(rest);
  return !!due?.strong && contentWords(rest.replace(due.due, "")) === 0;
}

// A reply that accepts, or one that only gives the time ("Entro venerdì sì", "Diciamo a fine mese").
const ACCEPT = /^(?:sì|si|certo|ok|okay|va bene|d'accordo|volentieri|senz'altro|perfetto|come no|diciamo|allora)(?![\p{L}])/iu;
const REFUSE = /^(?:no\b|non\s+(?:posso|riesco|ce\s+la\s+faccio)|purtroppo)/iu;
// After a first-person commitment, the next speaker names the one who committed: "Perfetto, Paolo, se riesce entro…".
const NAMED_BACK = /^(?:(?:perfetto|bene|benissimo|ottimo|grazie|va bene|ok|okay|d'accordo)[,!]?\s+)+(\p{Lu}\p{Ll}+)\s*[,.!]/u;

type Found = { task: string; owner: string | null; due: string | null; index: number; addressed?: boolean; asksWhen?: boolean };

/**
 * Joins each request to the reply that accepts it: the reply's deadline completes the request, the
 * reply is not a task of its own; a first-person commitment takes the name the next speaker uses.
 * Returns the actions kept, and the indexes of the sentences that are replies (no decisions).
 */
export function joinReplies<T extends Found>(
  sentences: Sentence[],
  found: T[],
  isName: (word: string) => boolean,
): { actions: T[]; replies: Set<number> } {
  const byIndex = new Map(found.map((a) => [a.index, a]));
  const dropped = new Set<T>();
  const replies = new Set<number>();
  for (const action of found) {
    if (dropped.has(action)) continue;
    const i = action.index;
    if (action.addressed) {
      let statedDue: string | null = null;
      // "Francesco, ci pensi tu?": the task is what was said just before.
      if (i > 0 && contentWords(action.task.replace(action.owner ?? "", "").replace(action.due ?? "", "")) < 2) {
        action.task = sentences[i - 1].text
          .trim()
          .replace(/[.!?]+$/, "")
          .slice(0, 200);
        // "Le arnie vanno controllate prima della pioggia. Nonno, lo fai tu?": one task, now with its owner
        // (and the deadline of the duty, unless the reply gives one).
        const stated = byIndex.get(i - 1);
        if (stated && !stated.owner) {
          statedDue = stated.due;
          dropped.add(stated);
        }
        // «La tabella la pubblichiamo sul sito entro il trenta settembre. Daniele, te ne occupi tu?»: a
        // plan, not a task found, with its deadline (said as one: a bare day may date something else).
        const planned = stated ? undefined : findDue(sentences[i - 1].text);
        if (planned?.strong) statedDue = planned.due;
      }
      // The reply is in the next one or two sentences, one after the other, before anyone is asked anything else.
      let answered = false;
      for (let j = i + 1; j <= i + 2 && j < sentences.length; j++) {
        const text = sentences[j].text.trim();
        if (REFUSE.test(text)) break;
        const due = findDue(text);
        const answer = byIndex.get(j);
        if (answer?.addressed) break;
        // Once the deadline is known, only a reply that accepts or says it again still belongs to the request.
        const firmer = !!due?.strong && !findDue(sentences[i].text)?.strong;
        if (action.due && !ACCEPT.test(text) && !firmer && fold(due?.due ?? "") !== fold(action.due)) break;
        if (!ACCEPT.test(text) && !due && !answer) {
          if (j === i + 1 && /\?\s*$/.test(sentences[i].text)) continue;
          break;
        }
        replies.add(j);
        answered ||= !!due || ACCEPT.test(text);
        // A firm deadline in the reply wins over a bare date in the request ("alla review di giovedì prossimo?" — "Per giovedì").
        if (action.due && due?.strong && !findDue(sentences[i].text)?.strong) action.due = due.due;
        if (!action.due && due) {
          action.due = due.due;
          // "Sì, entro stasera faccio il rilascio della correzione": what the reply says is part of the task.
          if (!answer && contentWords(text) >= 4)
            action.task = `${action.task}: ${text.replace(/^(?:(?:sì|si|certo|ok|va bene|d'accordo)[,]?\s+)+/iu, "").replace(/[.!]+$/, "")}`.slice(
              0,
              200,
            );
        }
        if (answer && answer.owner === null) {
          // The reply that restates the task adds what it says to it.
          if (!sameWords(action.task, answer.task))
            action.task = `${action.task}: ${answer.task.charAt(0).toLowerCase()}${answer.task.slice(1)}`.slice(0, 200);
          dropped.add(answer);
        }
      }
      action.due ??= statedDue;
      // Asked only when, and never answered: no one took the task.
      if (action.asksWhen && !answered) dropped.add(action);
    } else if (action.owner === null) {
      // (The reply may already have given the task its deadline and its index.)
      for (const next of [sentences[i]?.text, sentences[i + 1]?.text]) {
        const named = next && lowerFirst(next.trim()).match(NAMED_BACK);
        if (!named || !isName(named[1])) continue;
        action.owner = named[1];
        action.due ??= findDue(next!)?.due ?? null;
        break;
      }
    }
    // "La circolare la scrivo io." — "E quando la mandi?" — "Entro fine settimana.": the answer dates the task.
    const dated = action.due === null ? dateAskedAfter(sentences, i) : undefined;
    if (dated) {
      action.due = dated.due;
      replies.add(dated.index);
      const restated = byIndex.get(dated.index);
      if (restated && restated !== action && restated.owner === null) dropped.add(restated);
    }
  }
  return { actions: found.filter((a) => !dropped.has(a)), replies };
}

// Someone asks when, in a few words: "E quando la mandi?", "Entro quando?", "Per quando ce l'hai".
const ASKS_WHEN = /^(?:(?:e|ma|ok|sì|si|bene|allora)[,]?\s+)*(?:(?:per|entro|da)\s+)?quando(?![\p{L}])/iu;
// The answer that opens on the deadline: "Entro fine settimana, sabato al massimo", "Sì, diciamo a fine mese".
const OPENS_ON = /^(?:(?:sì|si|certo|ok|allora|diciamo|beh|mah|eh|penso|credo)[,]?\s+)*/iu;

/** The deadline given in answer to a question asking when, within the next two sentences, and where it was said. */
function dateAskedAfter(sentences: Sentence[], i: number): { due: string; index: number } | undefined {
  for (let q = i + 1; q <= i + 2 && q < sentences.length; q++) {
    const question = sentences[q].text.trim();
    if (!ASKS_WHEN.test(question) || (!/\?\s*$/.test(question) && question.split(/\s+/).length > 8)) continue;
    // The answer is the next sentence, or the one after a reason the asker gives ("Perché il quindici è tra tre settimane.").
    for (let a = q + 1; a <= q + 2 && a < sentences.length; a++) {
      const answer = sentences[a].text.trim();
      const due = findDue(answer);
      const opening = answer.slice(answer.match(OPENS_ON)![0].length);
      if (due && fold(opening).startsWith(fold(due.due))) return { due: lowerFirst(due.due), index: a };
    }
    return undefined;
  }
  return undefined;
}

const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);

function sameWords(a: string, b: string): boolean {
  const words = (t: string) =>
    new Set(
      fold(t)
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length > 3),
    );
  const wa = words(a);
  const wb = [...words(b)];
  return wb.length > 0 && wb.every((w) => wa.has(w));
}

/**
 * Whether a yes in the first person takes on what the sentence before asked, its verb said again:
 * «E chiami anche il padre?» — «Sì, chiamo anche il padre»; «Chiedigli anche del libretto» — «Va
 * bene, gli chiedo anche del libretto».
 */
export function acceptsRequest(text: string, before: string | undefined): boolean {
  if (!before || !/^(?:sì|si|certo|va bene|ok|d'accordo)(?![\p{L}])/iu.test(text)) return false;
  const verb = text.match(/(?:^|\s)(\p{Ll}{3,})o(?![\p{L}])/u)?.[1];
  // (Not hearing or seeing: «Mi senti?» — «Sì, ti sento».)
  if (!verb || /^(?:sent|ved|capisc|conosc|sapp)$/u.test(verb)) return false;
  return new RegExp(String.raw`(?<![\p{L}])${verb}(?:i|a|igli|ile|ilo|ila|imi)(?![\p{L}])`, "iu").test(before);
}
