/**
 * Decisions recognised by the grammar of spoken Italian rather than by whole phrases: a first-person
 * plural verb that opens a clause ("Gli rimborsiamo…", "la pagina la gestiamo noi", "Proviamo da
 * gennaio…"), a verdict made of a decision verb's stem and ending ("approv-" + "-iamo/-ato",
 * "stabil-" + "-ito"), a status kept ("la quota resta a…"), a conclusion with no verb ("Allora
 * niente stand"), a speaker who settles a matter of their own ("allora passo all'olio di semi") —
 * each unless something says it is not settled: a question, an "if", a conditional, a proposal,
 * an opinion, a habit, a negated verb. Works on folded text (lower case, no accents).
 */

// Stems of the verbs that state a decision, and their past participles.
const DECISION_STEM = String.raw`(?:approv|deliber|decid|stabil|concord|conferm|scegl|adott|ratific|respin|accett|fiss|opt|rinvi|stanzi|destin|assegn)`;
const DECISION_PARTICIPLE = String.raw`(?:approvat|deliberat|decis|stabilit|concordat|confermat|scelt|adottat|ratificat|respint|accettat|fissat|optat|rinviat|stanziat|destinat|assegnat|accolt|bocciat|elett)[oaie]`;

// "approviamo", "stabiliremo", "abbiamo deciso", "resta stabilito".
const VERDICT = new RegExp(
  String.raw`\b${DECISION_STEM}\w*(?:iamo|eremo|iremo)\b|\b(?:abbiamo|avete|hanno|e stato|e stata|sono stati|sono state|resta|rimane|restano|rimangono)\s+(?:quindi\s+|dunque\s+)?${DECISION_PARTICIPLE}\b`,
);

// Auxiliaries, modals and the verbs of talking, moving the conversation on, greeting, trying or
// telling a habit ("abbiamo", "dobbiamo", "passiamo al punto", "arriviamo al nucleo", "cerchiamo
// di…", "usiamo tutto"): their first-person plural is no commitment.
const AUXILIARY =
  /^(?:abbiamo|siamo|avevamo|eravamo|dobbiamo|possiamo|vogliamo|sappiamo|stiamo|riusciamo|chiediamo|avremo|saremo|dovremo|potremo|vorremo)$/;
export const NOT_COMMITMENT =
  /^(?:vediamo|sentiamo|diciamo|passiamo|veniamo|torniamo|parliamo|pensiamo|crediamo|speriamo|aspettiamo|votiamo|iniziamo|cominciamo|apriamo|partiamo|chiudiamo|ringraziamo|riprendiamo|capiamo|ricordiamo|salutiamo|andiamo|arriviamo|finiamo|conosciamo|notiamo|troviamo|riceviamo|perdiamo|spendiamo|guadagniamo|recuperiamo|risparmiamo|incassiamo|otteniamo|raggiungiamo|superiamo|viviamo|lavoriamo|usiamo|cerchiamo|chiediamo|valutiamo|rischiamo|abbiamo|vediamo)$/;
// Pronoun and verb that still greet or talk: "ci vediamo", "ci rivediamo", "ne parliamo".
const NOT_COMMITMENT_WITH_PRONOUN =
  /^(?:ci (?:vediamo|rivediamo|sentiamo|risentiamo|aggiorniamo|pensiamo|crediamo|troviamo|arriviamo|torniamo|ritorniamo)|ne parliamo|ne riparliamo|lo sappiamo|la sappiamo)$/;
// "mettiamo" that supposes or calls a vote: "mettiamo che piova", "mettiamo ai voti".
const NOT_PUT = /^\s+(?:che|ai voti|in votazione|in discussione)\b/;

// A clause opens at the start, after a comma, "e", "ma", or a fronted object or date ("le ferie le…", "da lunedì…").
const CONNECTIVE = String.raw`(?:allora|quindi|dunque|bene|ok|okay|va bene|d'accordo|perfetto|si|intanto|poi|e|ma|pero|invece|comunque|insomma|ecco|benissimo|ottimo|giusto|facciamo cosi)`;
const PRONOUNS = String.raw`(?:(?:gli|le|lo|la|li|ne|ci|vi|glielo|gliela|glieli|gliele|gliene|ce\s+l[oaie]|ce\s+ne|l')\s*)`;
// Fronted date or circumstance: "da lunedì", "dal mese prossimo", "a gennaio", "per la frittura", "in caso di pioggia".
const FRONTED = String.raw`(?:(?:da|dal|dalla|dai|dalle|a|ad|entro|fino a|fino al|per|in|nel|nella|con|il prossimo|la prossima|l'anno prossimo|quest'anno|stavolta|questa volta|stasera|stamattina|domani|adesso)\b[^,.;:?!]{0,40}?\s+)`;
// A noun phrase put first and taken up by a pronoun: "la scala la facciamo", "l'extravergine lo tengo".
const RESUMED_OBJECT = String.raw`(?:(?:il|lo|la|l'|i|gli|le|un|una)\s*[^,.;:?!]{2,40}?\s+(?:l[oaie]\s+|l'|ne\s+|ci\s+))`;

// First-person plural present or future at a clause start: "Proviamo", "gli rimborsiamo", "la gestiamo noi".
const COMMITMENT = new RegExp(
  String.raw`(?:^|[,;:]\s*|\b(?:e|ma|pero|poi)\s+)(?:${CONNECTIVE}[,:]?\s+)*${FRONTED}?(?:${RESUMED_OBJECT}|(${PRONOUNS}))?(\p{L}{2,}(?:iamo|eremo|iremo|aremo))\b`,
  "gu",
);

// A status kept, said with its value: "la quota resta a quindici euro", "gli orari rimangono gli stessi".
const KEPT =
  /^(?:(?:allora|quindi|dunque|bene|ok|per ora|per adesso|intanto)[,]?\s+)*(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,40}?\s+(?:resta|restano|rimane|rimangono)\s+(?:a|di|come|cosi|invariat\w|uguale|uguali|gli stessi|le stesse|lo stesso|la stessa|quell\w|fiss\w|\d)/;

// A conclusion without a verb: "Allora niente stand", "Quindi via libera al progetto", "Ok, newsletter il giovedì, da subito".
const VERBLESS =
  /^(?:allora|quindi|dunque|ok|okay|bene|perfetto|d'accordo|va bene)[,:]?\s+(?:(?!nessuna obiezione|nessun problema)(?:niente|nessun\w*|basta con|via libera|no all?\w*|si all?\w*)\b|[^\s,.;:?!]+\s+[^\s,.;:?!]+[^,.;:?!]*,\s*(?:da subito|da domani|da lunedi|da oggi|dalla prossima|dal prossimo|a partire da)\b)/;

// The chair's conclusion that fixes a value, said after the discussion: "Allora settanta euro a
// uscita, da questo mese", "Allora martedì dalle nove alle undici", "Va bene, allora: quota
// duecentoquaranta euro, in tre rate". Not a move in the meeting ("allora passiamo al punto tre"),
// a report ("allora, il grossista ha detto…") or the speaker's own situation ("allora io ho…").
const VALUE =
  /\b(?:\d+|due|tre|quattro|cinque|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|vent\w*|trent\w*|quarant\w*|cinquant\w*|sessant\w*|settant\w*|ottant\w*|novant\w*|\w*cento\w*|mille|\w+mila\w*|euro|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)\b/;
const CONCLUDED =
  /^(?:(?:ok|okay|va bene|bene|d'accordo|perfetto|si|vabbe)[,.:!]?\s+)*allora[,:]?\s+(?!(?:passiamo|vediamo|sentiamo|ci|cominciamo|iniziamo|andiamo|torniamo|il punto|punto|l'ordine|grazie|buon\w*|ragazzi|scusate|io|ho|abbiamo|siamo|sono|c'e|ci sono|e|era|erano|mettiamo|metto|propongo|la prossima|prima|adesso)\b)(.+)$/;
// A question, a past or a fault told, a vote still to take, the speaker's own task ("lo scrivo e lo mando").
const NOT_CONCLUDED =
  /\?\s*$|\b(?:ha|hanno|e stat[oa]|sono stat[ie])\s+\w+(?:at|ut|it)[oaie]\b|\b(?:a volte|ancora|si vota|ai voti|in votazione)\b|\b(?:lo|li|le)\s+(?!stesso|stessa|stessi)\w{3,}(?<!iam)o\b/;
/**
 * The value a chair's conclusion fixes ("Allora settanta euro a uscita…"), or undefined: the words
 * after "allora". Without a figure or a day, only right after a yes and without a verb («Ok, va
 * bene, Bergamo.» — «Allora Bergamo, con le rose al posto delle peonie.»).
 */
export function concludedValue(folded: string, previous = ""): string | undefined {
  const rest = folded.match(CONCLUDED)?.[1];
  if (!rest || rest.split(/\s+/).length > 35 || NOT_CONCLUDED.test(rest)) return undefined;
  // (Verbless, as a chair says what was chosen: «Allora Bergamo, con le rose…», not «Allora, l'antologia che usiamo ha…».)
  const agreed = YES_BEFORE.test(previous.trim()) && !FINITE_IN.test(rest.split(",")[0]) && !RECAP_VERB.test(rest);
  return VALUE.test(rest) || agreed ? rest : undefined;
}
// A recap announced («Riassumo: …») sums up the meeting, not one choice (recap.ts reads it).
const RECAP_VERB = /^(?:riassumo|ricapitolo|ripeto|dico|direi|ricordo)(?![\p{L}])/u;
const FINITE_IN = /\b(?:e|ha|hanno|sono|era|c'e|va|fa|sta|\w{2,}(?:iamo|ano|ono|ava|eva|iva))\b/;
// A yes said just before the conclusion: «Sì, la caparra sì.», «Questa mi piace molto.», «Ok, va bene, Bergamo.».
// (Not a yes with a reservation: «Sì, ma il parco chiude alle sei».)
const YES_BEFORE =
  /^(?![^]*(?<![\p{L}])(?:ma|pero|non)(?![\p{L}]))(?:(?:sì|si|ok|okay|va bene|d'accordo|perfetto|bene|giusto)(?![\p{L}])|(?:questa|questo|mi)\s+(?:mi\s+)?piace)/u;

// The speaker settles a matter of their own: "Allora per la frittura passo all'olio di semi", "quindi lo tengo io".
// Not a task for someone else (a deadline, a recipient: "glielo rimando entro…"), which is an action.
const OWN_CHOICE = new RegExp(
  String.raw`^(?!.*\b(?:entro|glie\w+|ti|vi|te|ve|le faccio|le mando)\b)(?:allora|quindi|dunque|va bene|d'accordo|ok|okay|perfetto)[,:]?\s+${FRONTED}?(?:${PRONOUNS})?(?!(?:passo la parola|chiudo|apro|comincio|inizio|dico|chiedo|credo|penso|ricordo|vedo)\b)(\p{L}{3,}o)\s+(?:a|al|all'|alla|alle|ai|agli|allo|con|su|sul|sulla|il|lo|la|l'|i|gli|le|un|una|io|per|da|dal|dalla)\b`,
  "u",
);

// What is not (yet) settled. A question, an "if", a conditional ("potremmo", "si potrebbe"), a
// proposal or an opinion, a habit or a fact ("di solito", "ancora", "come ogni"), a past told.
const UNSETTLED =
  /\?\s*$|(?:^|[\s,])(?<!\b(?:vediamo|vedere|vedo|capire|capiamo|sapere|chiedo|verificare|verifichiamo|controllare|controlliamo)\s)se\s(?!(?:serve|servisse|necessario|occorre|c'e bisogno|ce n'e bisogno)\b)|\b\w+(?:rei|resti|rebbe|remmo|reste|rebbero)\b|\b(?:propon\w+|proporrei|(?<!\b(?:accett|approv|respin|boccia|vot)\w*\s+(?:la\s+)?)proposta|l'idea e|secondo me|secondo te|penso che|credo che|mi sembra|mi pare|forse|magari|chissa|bisogna decidere|dobbiamo decidere|da decidere|prima di decidere|decideremo|mettiamo ai voti|metto ai voti|in votazione|di solito|solitamente|normalmente|sempre|spesso|ogni volta|come ogni|ancora|gia(?!\s+\w+(?:at|ut|it)[oaie]\b)|ieri|l'anno scorso|la settimana scorsa|\w+avamo|\w+evamo|\w+ivamo|da quando)\b|\b(?:poi|dopo|piu avanti|in seguito)\s+(?:lo\s+|la\s+|ne\s+)?(?:decidiamo|valutiamo|parliamo)\b|\b(?:troppo|troppi|troppe|male|poco|pochi|poche)\b/;
// Also not settled: an option ("possiamo mettere…"), alternatives ("o spostiamo…, o noleggiamo…"),
// the speaker's own task ("la scrivo io": an action), a greeting, a goodbye ("ci aggiorniamo").
const OPEN =
  /\bpossiamo\b|(?:^|,\s*|\b(?:allora|quindi)\s+)o\s+(?:\S+\s+){0,3}?\S+iamo\b.*,\s*o\s|\boppure\s+(?:\S+\s+){0,2}?\S+iamo\b|\b(?:l[oaie]|l'|ne|gli|glie\w+|me\s+ne|ce\s+l[oaie])\s*\w{2,}o\s+io\b|^(?:buongiorno|buonasera|ciao|salve)\b|^(?:\S+\s+){0,2}ci\s+(?:vediamo|rivediamo|sentiamo|risentiamo|aggiorniamo)\b/;

// Running the meeting, not deciding: "facciamo veloce", "facciamo il giro delle pratiche", "sono le nove".
const PROCEDURE =
  /\b(?:facciamo|farei|faremmo|fare)\s+(?:\S+\s+){0,3}?pausa\b|\bfacciamo\s+(?:prima\s+)?(?:veloce|presto|in fretta|il giro|un giro|un attimo|due minuti|una pausa|pausa|il punto|le presentazioni|l'appello)\b|^sono le\b/;
// Put off: "il menù lo decidiamo la prossima volta", "ne parliamo più avanti".
export const POSTPONED =
  /\b(?:decid|valut|parl|vedi|discut|riprend|pens)\w*iamo\b[^.;:?!]{0,30}?\b(?:poi|in seguito|con calma)\b|\b\w+iamo\b[^.;:?!]{0,30}?\b(?:la prossima volta|alla prossima riunione|piu avanti|un'altra volta)\b|\b(?:poi|dopo|piu avanti|in seguito)\s+(?:l[oaie]\s+|ne\s+)?(?:decid|valut|vedi|discut)\w*iamo\b/;
// The speaker's own task, a first person singular with its object: "lo monto stasera", "le chiamo io".
const OWN_TASK = /^(?:(?:allora|quindi|ok|va bene|bene|si)[,]?\s+)*(?:l[oaie]\s+|l')(?!\w*iamo\b)\w{3,}o\b/;
// A past told in the first person singular: "l'ho approvata io la PR", "ho scelto il rosso".
export const NARRATED = /\b(?:l'|l[oaie]\s+|gli\s+)?(?:ho|hai)\s+(?:gia\s+)?(?!deciso\s+(?:di|che)\b)\w+(?:at|ut|it|ess|ist|ert|ot)[oaie]\b/;

// Someone else's words reported ("il fornitore ha detto che lo consegniamo lunedì"), a figure
// given as an estimate ("ne vendiamo circa trecento").
export const REPORTED =
  /\b(?:ha|hanno|mi ha|ci ha|mi hanno|ci hanno)\s+(?:detto|scritto|chiesto|proposto|suggerito|raccontato)\b|\b(?:dice|dicono|diceva|dicevano)\s+che\b/;
const ESTIMATE = /\b\w+iamo\b(?:\s+\S+){0,3}?\s+(?:circa|piu o meno|in media|all'incirca|quasi)\b/;
/** Whether a folded sentence is no plan a consent could settle: procedure, postponement, the speaker's own task, a past. */
export const notAPlan = (folded: string) => [PROCEDURE, POSTPONED, OWN_TASK, NARRATED].some((re) => re.test(folded));

const PLAN_WORDS = 30;
/** Whether a folded sentence says something is not settled: a question, an "if", an option, a habit… */
export function unsettled(folded: string): boolean {
  // What follows ", così" is the purpose ("…, così il lunedì è già pronto"), not the plan.
  let plan = folded.split(/,\s*cosi\b/)[0];
  // A sentence run on past its clause (speech recognition drops the stops) is judged by its first
  // words: a doubt said thirty words on is another clause's.
  const words = plan.split(/\s+/);
  if (words.length > PLAN_WORDS + 5) plan = words.slice(0, PLAN_WORDS).join(" ");
  const open = [UNSETTLED, OPEN, NEGATED_PLAN, PROCEDURE, POSTPONED, OWN_TASK, NARRATED, REPORTED, ESTIMATE].some((re) => re.test(plan));
  return open && !/\b(?:all'unanimita|a maggioranza)\b/.test(folded);
}
const NEGATED_PLAN = /\bnon\s+(?:l[oaie]\s+|ne\s+|ci\s+)?\w+iamo\b/;

// A negated verb: "non lo facciamo", "non si approva" (but "non più di due persone" is a condition of a decision).
const NEGATED = /\bnon\s+(?:(?:lo|la|li|le|ne|ci|si|gli|l')\s*)*\p{L}+(?:iamo|eremo|iremo|ato|ata|ati|ate|a|e|o)\b/u;

// A rule from a point in time: "Da oggi…", "Da adesso ogni…", "d'ora in poi", "a partire da lunedì" — then what the rule says.
const FROM_NOW = new RegExp(
  String.raw`^(?:${CONNECTIVE}[,:]?\s+)*(?:da\s+(?:oggi|adesso|ora|subito|domani|qui in avanti|questa settimana|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)|dal(?:la)?\s+(?:prossim\w+\s+\w+|\w+\s+prossim\w+|primo\s+\w+)|d'ora in (?:poi|avanti)|a partire da\w*\s+\S+(?:\s+prossim\w+)?)[,]?\s+(.+)$`,
);
// What a rule says: everyone or no one, a negation, a duty ("va inserito"), an impersonal "si entra".
const RULE_SAYS =
  /\b(?:ogni|tutti|tutte|niente|nessun\w*|vietat\w|obbligatori\w|non|solo|soltanto)\b|\b(?:va|vanno|viene|vengono)\s+\w+(?:at|ut|it)[oaie]\b/;
// Not a rule: a question, a conditional, an "if", an opinion, a past, the speaker's own plans ("da lunedì non ci sono").
const NOT_RULE =
  /\?\s*$|\b\w+(?:rei|rebbe|remmo|rebbero)\b|(?:^|\s)se\s|\b(?:forse|magari|secondo me|penso|credo|mi sembra|mi pare|io|ho|vado|faccio|posso|devo|sto|non ci sono|era|erano|c'era|\w+(?:avano|evano|ivano|avamo|evamo|ivamo))\b|\b(?:hai|ha|abbiamo|hanno)\s+\w+(?:at|ut|it)[oaie]\b/;
// A duty agreed on: "Giusto, va rifatta la valutazione", "Quindi il preventivo va rifatto" (not "va detto che…").
const DUTY = new RegExp(
  String.raw`^(?:(?:giusto|bene|va bene|ok|okay|d'accordo|perfetto|allora|quindi|si)[,:]?\s+)+(?:(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,40}?\s+)?(?:va|vanno)\s+(?:\w+\s+)?(?!(?:detto|ricordato|considerato|notato|sottolineato|precisato|visto)\b)\w+(?:at|ut|it|tt|st|ss|rt)[oaie]\b`,
);
// A measure taken at once until a condition holds: "la pressa si ferma subito, finché il pezzo non è sostituito".
const MEASURE =
  /^(?:(?:allora|quindi|dunque|ok|bene|no)[,]?\s+)*(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,40}?\s+(?:si\s+|non\s+)?\w+(?:a|e|ano|ono)\b[^.;:?!]*\b(?:subito|immediatamente|oggi stesso)\b[^.;:?!]*\bfinche\b/;

/** A rule that applies from a point in time, or a measure until a condition: settled by the way it is said. */
function ruleFromNow(folded: string): boolean {
  const rule = folded.match(FROM_NOW);
  return ((rule !== null && RULE_SAYS.test(rule[1])) || MEASURE.test(folded)) && !NOT_RULE.test(folded);
}

type Cue = "verdict" | "commitment" | "kept" | "verbless" | "own-choice" | "rule" | "duty";

/** Which general cue, if any, makes this folded sentence a decision (for tests and measurement). */
export function decisionCue(folded: string, doubt = unsettled(folded)): Cue | undefined {
  // A rule carries its own scope ("da oggi… finché…"): the habit words of `unsettled` ("sempre") are part of it.
  if (doubt) return ruleFromNow(folded) ? "rule" : undefined;
  // A duty with a deadline is a task ("…va consegnata entro venerdì"), an action.
  if (DUTY.test(folded) && !/\?\s*$|\bentro\b/.test(folded)) return "duty";
  if (VERDICT.test(folded)) return NEGATED.test(folded) ? undefined : "verdict";
  const negated = NEGATED.test(folded);
  if (!negated && commits(folded)) return "commitment";
  if (ruleFromNow(folded)) return "rule";
  if (negated) return undefined;
  if (KEPT.test(folded)) return "kept";
  if (VERBLESS.test(folded)) return "verbless";
  if (OWN_CHOICE.test(folded)) return "own-choice";
  return undefined;
}

/**
 * A first-person plural plan opening a clause, whatever doubt surrounds it ("Le paghiamo a metà,
 * mi pare giusto"); with `atStart`, only one that opens the sentence.
 */
export function commits(folded: string, atStart = false): boolean {
  for (const m of folded.matchAll(COMMITMENT)) {
    if (atStart && m.index > 0) break;
    const pronoun = m[1]?.trim();
    const verb = m[2];
    if (AUXILIARY.test(verb)) continue;
    // "chiamo" is a first person singular: a plural has a vowel before "-iamo".
    if (!/[aeiou]/.test(verb.slice(0, -4))) continue;
    if (pronoun ? NOT_COMMITMENT_WITH_PRONOUN.test(`${pronoun} ${verb}`) : NOT_COMMITMENT.test(verb)) continue;
    // Said to the audience: "vi aspettiamo per un bicchiere", "vi ringraziamo".
    if (pronoun && /^(?:vi|ti)$/.test(pronoun) && NOT_COMMITMENT.test(verb)) continue;
    if (verb === "mettiamo" && NOT_PUT.test(folded.slice(m.index + m[0].length))) continue;
    return true;
  }
  return false;
}
