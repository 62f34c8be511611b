/**
 * The clause rules of the reading stage (reading.ts): whether a new clause opens at a word in a
 * run-on stretch (a subject and its finite verb, an object put first and taken up by its pronoun,
 * a name that calls someone, the speakers' own verb, a call to vote), or whether the words so far
 * still await one (a verb without its object, a time or a condition put first, a clause that ends
 * on a date). Speech recognition drops the full stops these clauses would have had.
 */
import { PERSON, ROLE_ADJECTIVE, namesPerson } from "./owners";
import { soundsLikeFirstName } from "./names";
import { SOFT_FILLER } from "./reading-fillers";
import { AUXILIARY, CLITICS, FINITE, FRONTED, FUNCTION_WORD, NOT_FINITE, WHEN_END, bare, isRoleNoun, type Token } from "./reading-words";

// A person or an office as a subject, said with an article: «la polizia locale», «il presidente».
const ROLE_SUBJECT = new RegExp(String.raw`^(?:il|lo|la|l'|i|gli|le)\s*${PERSON}${ROLE_ADJECTIVE}(?![\p{L}'])`, "u");
// What a motion, an item or a candidate comes to: approved, rejected, postponed, elected.
const PASSIVE_OUTCOME = /^(?:approvat|respint|rinviat|elett)[oaie]$/;

/** Whether the token at i ends on a date or a time: «venerdì», «a fine marzo», «entro le 18», «il 25». */
export function closesOnTime(tokens: Token[], i: number): boolean {
  const b = bare(tokens[i].word);
  // «la prossima riunione», «il prossimo consiglio»: after an article the adjective awaits its noun.
  if (
    /^(?:prossim|scors)[oaie]$/.test(b) &&
    /^(?:il|lo|la|i|gli|le|l'|\p{L}*(?:al|el|ul)(?:l[oaie])?|\p{L}+[ei])$/u.test(bare(tokens[i - 1]?.word ?? "")) &&
    !/^(?:settiman|mes|ann|volt)/.test(bare(tokens[i - 1]?.word ?? ""))
  )
    return false;
  return WHEN_END.test(b) || (/^\d{1,2}$/.test(b) && /^(?:le|alle|il|entro|dalle)$/.test(bare(tokens[i - 1]?.word ?? "")));
}

/**
 * Whether a clause opens at token j in a run-on stretch: a subject (a person or an office with
 * its article, a first name) followed by its finite verb — «…entro il 1/9 la polizia locale
 * preparerà…», «…va nella due punto uno marco prepara la build…» — or an object put first and
 * taken up by its pronoun: «…non ci stringiamo dentro il rinfresco lo organizzano i genitori».
 */
export function opensClause(tokens: Token[], j: number, names: Set<string>, nouns: Set<string>, sinceEnd = 4): boolean {
  const words: string[] = [];
  for (let k = j; k < tokens.length && words.length < 14; k++) {
    // A full stop after a function word is a cut (removed when the loop gets there).
    const word = tokens[k].word.toLowerCase();
    words.push(FUNCTION_WORD.has(bare(word)) ? word.replace(/\.$/, "") : word);
    if (/[.!?;:]["»)]*$/u.test(words[words.length - 1])) break;
  }
  const plain = words.map((w) => bare(w));
  // A name after the role or the first name: «la signora Colombo», «Patrizia Longo».
  const named = (k: number) => k < plain.length && (/^\p{Lu}/u.test(tokens[j + k].word) || soundsLikeFirstName(plain[k]) || names.has(plain[k]));
  const role = words.join(" ").match(ROLE_SUBJECT);
  // An office by its acronym: «…con due astenuti la RSU la presenta…».
  if (/^(?:il|la|l')$/.test(plain[0] ?? "") && /^\p{Lu}{2,6}$/u.test(tokens[j + 1]?.word ?? "")) return subjectVerb(words, plain, 2, named, nouns);
  // (An office with its article and verb is clear enough after two words: «approvato all'unanimità il signor Bruni consegna…».)
  if (role && namesPerson(role[0])) return subjectVerb(words, plain, role[0].trim().split(/\s+/).length, named, nouns);
  const firstName = soundsLikeFirstName(plain[0] ?? "") || names.has(plain[0] ?? "");
  // A name that calls someone and puts the object first opens a request even after a short clause:
  // «bene abbiamo finito irene il verbale lo metti nel gruppo».
  if (firstName && sinceEnd >= 2 && /^(?:il|lo|la|i|gli|le|l'\p{L}+)$/u.test(plain[1] ?? "") && nameMayCall(tokens, j, names) && addresses(tokens, j))
    return true;
  if (sinceEnd < 4) return false;
  // A name after a role is in apposition to it: «la professoressa Rinaldi raccoglierà…». A name
  // that calls someone opens a request: «…app e server Luca, te ne occupi tu», «…Sara puoi fare tu…».
  if (firstName) return nameMayCall(tokens, j, names) && (subjectVerb(words, plain, 1, named, nouns) || addresses(tokens, j));
  // Two pronouns together are no article: «…per ricevere in tempo me ne occupo io», «…gliela mando».
  if (
    /^(?:(?:me|te|ce|ve|se)$|glie)/.test(plain[0] ?? "") &&
    /^(?:ne|l[oaie]|l'\p{L}+|glie\p{L}*)$/u.test(plain[0].startsWith("glie") ? "glie" : (plain[1] ?? ""))
  )
    return true;
  if (!/^(?:il|lo|la|l'|i|gli|le)/.test(plain[0] ?? "")) return false;
  // An outcome in the passive: «…contrari otto la mozione è respinta», «…il verbale è approvato».
  const aux = plain.slice(1, 6).findIndex((w) => AUXILIARY.has(w)) + 1;
  if (aux > 0 && PASSIVE_OUTCOME.test(plain[aux + 1] ?? "") && !words.slice(0, aux).some((w) => /[,;:.]$/.test(w))) return true;
  // The object first, then its pronoun and the verb: «il bug lo sistemo», «i pacchi li prepariamo»,
  // «il primo numero lo scrivo io».
  const object = /^(?:il|lo|la|i|gli|le)$/.test(plain[0]) ? plain.slice(1, 4).findIndex((w) => /^l[oaie]$/.test(w)) + 1 : 0;
  const verb = plain[object + 1] ?? "";
  return (
    object > 1 &&
    // The object runs up to its pronoun: no comma nor conjunction between («i programmi, e le riportiamo»).
    !words.slice(0, object).some((w) => /[,;:.]$/.test(w)) &&
    !plain.slice(1, object).some((w) => /^(?:e|ed|o|ma)$/.test(w)) &&
    (FINITE.test(verb) || /^\p{L}{3,}o$/u.test(verb)) &&
    !FUNCTION_WORD.has(verb) &&
    !NOT_FINITE.has(verb) &&
    !nouns.has(verb) &&
    !isRoleNoun(verb)
  );
}

/** Whether the subject's first `at` words are followed by its finite verb (after a complement and pronouns). */
function subjectVerb(words: string[], plain: string[], at: number, named: (k: number) => boolean, nouns: Set<string>): boolean {
  for (let n = 0; n < 2 && named(at) && !/[,;:.]$/.test(words[at - 1]); n++) at++;
  // Its complement: «l'ufficio del personale», «il responsabile dell'officina».
  if (/^(?:di|del|dello|della|dei|degli|delle)$/.test(plain[at] ?? "")) at += 2;
  else if (/^dell'/.test(plain[at] ?? "")) at += 1;
  // The subject's own words must not end on a comma (a vocative, a list).
  // Or it is followed by a relative clause set off by commas: «la socia Patrizia Longo che è ingegnere, si offre…».
  if (plain[at] === "che") {
    const comma = words.findIndex((w, k) => k > at && k <= at + 6 && /,$/.test(w));
    if (comma < 0) return false;
    at = comma + 1;
  } else if (/[,;:.]$/.test(words[at - 1] ?? ",")) return false;
  while (CLITICS.test(plain[at] ?? "")) at++;
  const verb = plain[at] ?? "";
  // (A word the transcript says after «una», «della», «questa» is a noun: «…all'ingegner Pozzi la settimana prossima».)
  return FINITE.test(verb) && !FUNCTION_WORD.has(verb) && !NOT_FINITE.has(verb) && !nouns.has(verb);
}

// A verb in the second person singular after a name: «puoi», «mandi», «te ne occupi» — not the
// words in «-i» that follow a name otherwise.
const NOT_SECOND_PERSON = new Set("ieri oggi poi qui così lei lui noi voi dei nei sui ai dai mai assai più tutti altri questi quelli".split(" "));
const secondPerson = (word: string) => /^\p{L}{2,}i$/u.test(word) && !NOT_SECOND_PERSON.has(word) && !FUNCTION_WORD.has(word);

/** Whether the name at token j calls someone to do something: the name, maybe a comma, and a verb in the second person. */
export function addresses(tokens: Token[], j: number): boolean {
  // An adverb may come between: «antonella poi tu le giri alla capitaneria».
  let first = j + 1;
  // (Or «allora» set off by commas: «…scriviamo subito sara, allora, gli mandi una mail».)
  while (
    first < j + 3 &&
    ((/^(?:poi|intanto|invece|magari)$/.test(bare(tokens[first]?.word ?? "")) && /\p{L}$/u.test(tokens[first].word)) ||
      (tokens[first]?.word === "allora," && /,$/.test(tokens[first - 1].word)))
  )
    first++;
  let k = first;
  // The object may come first and be taken up by its pronoun: «Marta, il modulo sul sito lo aggiorni tu».
  if (/^(?:il|lo|la|i|gli|le|l'\p{L}+)$/u.test(bare(tokens[k]?.word ?? "")) && !/[.!?]$/.test(tokens[j].word)) {
    // (The pronoun before the verb it goes with, not an article: «…la lettera con le rate e le scadenze la fai tu».)
    const verbAfter = (at: number) => {
      const next = bare(tokens[at + 1]?.word ?? "");
      return secondPerson(next) || CLITICS.test(next) || bare(tokens[at + 2]?.word ?? "") === "lei";
    };
    const pronoun = tokens
      .slice(k + 1, k + 14)
      .findIndex(
        (t, n) =>
          n > 0 &&
          /^(?:l[oaie]|ne|ci)$/.test(bare(t.word)) &&
          !/^(?:il|lo|la|i|gli|le)$/.test(bare(tokens[k + n]?.word ?? "")) &&
          verbAfter(k + 1 + n),
      );
    const stop = tokens.slice(k, k + 1 + Math.max(0, pronoun)).some((t) => /[.!?;:]$/.test(t.word));
    if (pronoun > 0 && !stop) k += pronoun + 1;
  }
  // «Sara, tu che fai la grafica ci pensi tu…»: the name and «tu» call the person.
  // (Not one told what they are, «Davide, tu sei il caposquadra», nor asked alone, «Sara, tu? Io niente».)
  const after = bare(tokens[k + 1]?.word ?? "");
  // So do a title and «lei che…», the polite form: «Dottor Ferraro lei che ha fatto il corso prepara…».
  if (k === first && bare(tokens[k]?.word ?? "") === "lei" && after === "che" && !/[.!?]$/.test(tokens[j].word)) return true;
  if (
    k === first &&
    bare(tokens[k]?.word ?? "") === "tu" &&
    !/[.!?]$/.test(tokens[k].word) &&
    (after === "che" || CLITICS.test(after) || (secondPerson(after) && !/^(?:sei|hai|eri|avevi|stai|sai|dici|vai)$/.test(after))) &&
    !/[.!?]$/.test(tokens[j].word)
  )
    return true;
  while (CLITICS.test(bare(tokens[k]?.word ?? ""))) k++;
  if (k >= tokens.length || /[.!?]$/.test(tokens[j].word)) return false;
  const verb = bare(tokens[k].word);
  // Or the polite form with «lei» said after the verb: «Signora Orlandi, lo manda lei al commercialista».
  return secondPerson(verb) || (/^\p{L}{2,}[ae]$/u.test(verb) && !FUNCTION_WORD.has(verb) && bare(tokens[k + 1]?.word ?? "") === "lei");
}

/** Whether the name at token j may call someone, by the word before it. */
export function nameMayCall(tokens: Token[], j: number, names: Set<string>): boolean {
  const before = bare(tokens[j - 1]?.word ?? "");
  return (
    !isRoleNoun(before) &&
    // Nor is a surname after its first name: «Patrizia Longo».
    !soundsLikeFirstName(before) &&
    // Nor the second word of a name: «la Pro Loco si è offerta».
    !names.has(before) &&
    // Nor the person the speaker's verb is about: «conosco Franco, magari ci fa un prezzo».
    !PERSON_VERB.test(before) &&
    // Nor a street's or a saint's name: «le transenne di via Roma», «la festa di San Marco».
    !/^(?:via|viale|piazza|piazzale|corso|largo|vicolo|borgo|contrada|san|santa|santo|sant)$/.test(before)
  );
}

// The speaker's verbs whose object is a person: the name after them is no vocative.
const PERSON_VERB =
  /^(?:conosco|chiamo|richiamo|sento|risento|vedo|chiedo|avviso|contatto|ringrazio|aspetto|accompagno|incontro|porto|mando|lascio|metto|coinvolgo|passo|informo)$/;

/** Whether the speakers' own verb opens at token k: «integriamo», «lo scriviamo», «la comunico». */
export function firstPersonAt(tokens: Token[], k: number, clitics = false, afterSubject = false): boolean {
  let at = k;
  while (CLITICS.test(bare(tokens[at]?.word ?? ""))) at++;
  const verb = bare(tokens[at]?.word ?? "");
  // «lo abbiamo deciso ieri» reports what was said, it does not go on to a new step.
  if (clitics && (at === k || /^(?:abbiamo|avete|hanno|siamo|sono|ho|hai|ha)$/.test(verb))) return false;
  // The speakers say «mi», «ci», never «si»: «che i moduli si compilino online» is someone else's verb.
  if (tokens.slice(k, at).some((t) => /^(?:si|se)$/.test(bare(t.word)))) return false;
  // After «lo/la/le», a word in «-o» may be the noun of an article («la mano»): only «-iamo» then.
  const article = at === k + 1 && /^(?:lo|la|li|le)$/.test(bare(tokens[k].word));
  return (
    /^\p{L}{3,}iamo$/u.test(verb) ||
    // («-ano», «-ono» are the third person: «che i carbapenemi si prescrivano».)
    // (A word in «-o» alone may be a noun, «il progetto», but not after «io»: «io preparo».)
    ((at > k || afterSubject) &&
      // (Unless «io» follows it and no object said just before is what the pronoun takes up: «…dipende
      // dal mare lo dico io al presidente…» — not «…la lettera ai revisori la scrivo io».)
      !(clitics && article && (bare(tokens[at + 1]?.word ?? "") !== "io" || takesUpObject(tokens, k))) &&
      /^\p{L}{3,}o$/u.test(verb) &&
      !/(?:ano|ono)$/.test(verb) &&
      !NOT_FINITE.has(verb) &&
      !isRoleNoun(verb))
  );
}

const AGREES: Record<string, RegExp> = { lo: /^(?:il|lo|l'.*)$/, la: /^(?:la|l'.*)$/, li: /^(?:i|gli)$/, le: /^le$/ };
/** Whether the pronoun at token k may take up an object said in the eight words before it («…la lettera ai revisori | la scrivo io»). */
function takesUpObject(tokens: Token[], k: number): boolean {
  const agrees = AGREES[bare(tokens[k].word)];
  return !!agrees && tokens.slice(Math.max(0, k - 8), k).some((t) => agrees.test(bare(t.word)));
}

/**
 * Whether the verb at token i still waits for its object: an infinitive, a participle after «avere»
 * («ha dato»), or the speaker's verb after only the person it is for («gli mando», «ti porto»).
 */
export function awaitsObject(tokens: Token[], i: number): boolean {
  const b = bare(tokens[i].word);
  if (/^\p{L}{2,}(?:are|ere|ire)$|^(?:fare|dare|dire|stare)$/u.test(b)) return true;
  if (/^\p{L}{3,}o$/u.test(b) && /^(?:gli|mi|ti|vi)$/.test(bare(tokens[i - 1]?.word ?? ""))) return true;
  const aux = /^(?:ho|hai|ha|abbiamo|avete|hanno)$/;
  return /^\p{L}{2,}(?:at|ut|it)[oaie]$/u.test(b) && [1, 2].some((k) => aux.test(bare(tokens[i - k]?.word ?? "")));
}

/**
 * Whether the clause opening at k puts its object first, so that the pronoun takes it up: «sì bene
 * i volontari per il torneo li cerchiamo…», «il boiler lo sistemiamo» — the article agrees with it.
 */
export function resumesObject(tokens: Token[], k: number, i: number, pronoun: string): boolean {
  while (k < i && /^(?:sì|bene|ok|allora|quindi|e|ma|però|poi|va|d'accordo)$/.test(bare(tokens[k].word))) k++;
  const article = bare(tokens[k]?.word ?? "");
  // Not when a verb came between, or the object was taken up already: «le spese chi le paga il tetto sono 8.000 euro le dividiamo».
  const between = tokens.slice(k + 1, i + 1).map((t) => bare(t.word));
  return (AGREES[pronoun]?.test(article) ?? false) && !between.some((w) => w === pronoun || (AUXILIARY.has(w) && w !== "e") || FINITE_VERB.test(w));
}
// A finite verb a fronted object cannot hold: the present or the future of the speakers or of others.
const FINITE_VERB = /^(?:\p{L}{3,}(?:iamo|ano|ono|ete|ite|rà|ranno)|ha|hanno|va|fa|deve|devono|può|possono)$/u;

/** Whether the words from k ask for a vote after «chi»: «è favorevole», «allora è contrario», «si astiene», «approva». */
export function callsVote(tokens: Token[], k: number): boolean {
  const words = tokens
    .slice(k, k + 5)
    .map((t) => bare(t.word))
    .filter((w) => !SOFT_FILLER.test(w));
  const at = /^(?:è|e|sia|si)$/.test(words[0] ?? "") ? 1 : 0;
  return /^(?:favorevol|contrar|d'accordo|vota|approva|astien)/.test(words[at] ?? "");
}

/** Whether the sentence so far is only a time, place or case put first: «per venerdì», «quindi per il prossimo volantino». */
export function frontedOnly(tokens: Token[], i: number, sinceEnd: number): boolean {
  let k = i - sinceEnd + 1;
  // What a colon announces is a clause of its own: «facciamo così: da gennaio | chiusi il lunedì…».
  for (let c = i - 1; c >= k; c--)
    if (/:$/.test(tokens[c].word)) {
      k = c + 1;
      break;
    }
  while (k < i && /^(?:e|ma|quindi|allora|poi|invece|intanto|d'accordo|ok|okay|bene|sì|va)$/.test(bare(tokens[k].word))) k++;
  if (!FRONTED.test(bare(tokens[k].word)) || sinceEnd > 10) return false;
  // No verb of its own in between: «per il prossimo volantino, quello di novembre».
  return !tokens.slice(k + 1, i + 1).some((t) => /^\p{L}{3,}(?:iamo|ano|ono|are|ere|ire)$|^(?:è|ha|va|fa|sono|deve|può)$/u.test(bare(t.word)));
}

export const TITLE = /^(?:don|suor|padre|ingegner|ing)$/;
const namedAt = (tokens: Token[], k: number, names: Set<string>) =>
  k < tokens.length && !CLITICS.test(bare(tokens[k].word)) && (names.has(bare(tokens[k].word)) || soundsLikeFirstName(bare(tokens[k].word)));

/** How many words at token i call someone: a first name and maybe a surname, or a title or a role and maybe a name (0: none). */
export function vocativeAt(tokens: Token[], i: number, names: Set<string>): number {
  const w = bare(tokens[i].word);
  if (soundsLikeFirstName(w) || names.has(w)) return namedAt(tokens, i + 1, names) && /^\p{Lu}/u.test(tokens[i + 1].word) ? 2 : 1;
  if (!TITLE.test(w) && !isRoleNoun(w)) return 0;
  return namedAt(tokens, i + 1, names) ? 2 : TITLE.test(w) ? 0 : 1;
}
