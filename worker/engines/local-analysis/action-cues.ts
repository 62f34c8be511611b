/**
 * Tasks recognised by the grammar of spoken Italian rather than by lists of verbs: who (a noun that
 * names a person by its agent ending, "la contabile", "il nostro tecnico", "chi non ha ancora…"),
 * the duty said without a person ("va riconsegnata entro…"), the speaker's own commitment (an
 * object pronoun and a first-person verb: "lo sposto da lunedì", "ve la rimando"), a request to the
 * room ("mi mandate… entro…"). actions.ts combines them with the deadline.
 */
import { fold } from "./text";

// Roles and offices that can be given a task ("l'amministratore", "la segreteria", "il tecnico").
export const ROLE = String.raw`(?:amministrat\w+|segretari\w|president\w+|vicepresident\w+|tesorier\w|sindac\w|assessor\w+|consiglier\w|dirigent\w|presid\w|direttor\w|direttric\w|responsabil\w|coordinator\w|coordinatric\w|geometr\w|ingegner\w|architett\w|avvocat\w|professor\w*|profess\w+|maestr\w|dottor\w*|dottoress\w|signor\w*|soci\w|ufficio|uffici|segreteria|polizia|giunta|commissione|impresa|ditta|capocantiere|caposquadra|tecnic\w|referent\w|rappresentant\w|delegat\w|comitato|collegio|studio|azienda|direzione|reparto|team|gruppo|squadra|portiere|custode|revisor\w|tutor|relator\w+|relatric\w|medic\w|capo\w*|capi|redattor\w|redattric\w|fotograf\w|fornitor\w|consulent\w|commercialist\w|ragioneria|amministrazione|consiglio|direttivo|staff|legale|notaio|perito|economo|insegnant\w|docent\w|genitor\w|famigli\w|rappresentanz\w|condomin\w|inquilin\w|proprietari\w|agenzia|cooperativa|associazione|comune|regione|provincia|scuola|\p{Ll}{2,}olog[oaie]|\p{Ll}{2,}iatr[ai]|meccanic\w|idraulic\w|cuoc\w|chef|bidell\w|operai\w|pap[aà]|mamma|nonn[oaie]|zi[oaie]|fratell\w|sorell\w|cugin\w|marit\w|mogli\w)`;

// Nouns that name people by what they do: the agent endings of Italian ("-tore/-trice",
// "-ista", "-iere/-iera", "-ente" but not "-mente/-mento/-vento", "-ante" ("la governante"), "-aio/-aia", "-ario/-aria",
// "-abile"), minus the common words with the same endings that name things. A regex fragment, for
// the owner patterns of actions.ts.
export const AGENT_NOUN = String.raw`\p{Ll}{2,}(?:tore|tori|trice|trici|ista|isti|iste|iere|ieri|iera|(?<![mv])ente|(?<![mv])enti|ante|anti|aio|aia|aie|ario|aria|ari|arie|abile|abili)(?![\p{L}])`;
const NOT_AGENT = new Set(
  `settore settori motore motori fattore fattori vettore vettori contatore contatori radiatore ventilatore trattore generatore
  proiettore televisore ascensore indicatore lista liste intervista interviste conquista rivista riviste vista viste pista piste
  cantiere cantieri quartiere quartieri bicchiere bicchieri mestiere mestieri sentiere pensieri paniere fiera fiere bandiera
  bandiere carriera frontiera preghiera ringhiera barriera miniera scogliera tastiera ambiente ambienti presente corrente
  continente dente denti incidente incidenti componente componenti recipiente ingrediente ingredienti precedente seguente
  torrente oriente occidente calendario calendari orario orari salario salari inventario questionario scenario scenari
  vocabolario diario diari sipario binario binari itinerario onorario affari varie vari sommario glossario santuario
  temporanea precaria ordinaria straordinaria variabile mobile mobili stabile affidabile probabile possibile
  durante quante quanti importante importanti interessante ristorante ristoranti istante contante contanti restante restanti
  pesante elegante volante mancante mancanti costante distante abbondante rilevante brillante davanti avanti `
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether an owner said with an article names a thing by a word with an agent ending ("il settore", "la lista"). */
export function namesThing(owner: string): boolean {
  const head = fold(owner)
    .replace(/^(?:il|lo|la|l'|i|gli|le)\s*/, "")
    .replace(/^(?:mio|mia|miei|mie|nostro|nostra|nostri|nostre|vostro|vostra|vostri|vostre|suo|sua|suoi|sue|loro)\s+/, "")
    .split(/\s+/)[0];
  return NOT_AGENT.has(head);
}

// "va riconsegnata", "vanno firmati", "andrà rifatto": a duty stated without who must do it.
export const PASSIVE_DUTY =
  /\b(?:va|vanno|andrà|andranno)\s+(?:(?:assolutamente|comunque|subito|anche|poi|prima)\s+)?\p{L}{3,}(?:at[oaie]|ut[oaie]|it[oaie]|ss[oaie]|tt[oaie]|st[oaie])\b/iu;

// Verbs of saying, asking, thanking, greeting, being or going: their first person is no task
// ("vi ricordo…", "ci sono", "ti chiamo per…").
const SAYING =
  /^(?:dico|chiedo|ringrazio|ricordo|prego|auguro|spiego|rispondo|presento|saluto|capisco|credo|penso|trovo|vedo|sento|conosco|so|do|sto|ho|vado|vengo|torno|resto|rimango|esco|arrivo|parto|sono|devo|posso|voglio|amo|passo|confermo|chiamo|disturbo|interrompo|segno|annoto|appunto)$/;
// Giving and sending: with only the receiver as a pronoun they are a promise ("Le mando una lista…").
const GIVING =
  /^(?:mando|rimando|invio|reinvio|giro|inoltro|porto|riporto|preparo|scrivo|riscrivo|lascio|consegno|spedisco|allego|condivido|stampo|prenoto|faccio avere)$/;

/**
 * The speaker commits to a task in the first person, with a pronoun before the verb: "Lo sposto in
 * prima fila", "gliela scrivo io", "ve la rimando", "Le mando una lista". The verb is the word
 * after the pronouns, ending in -o (not "-iamo", "-ano/-ono/-nno", nor the imperfect "-avo/-evo/-ivo").
 * A plain "lo/la/le/gli" may be an article ("lo studio di…"), so it counts only at the start of a
 * clause and when the word after the verb is not what follows a noun. Returns whether the
 * commitment is firm without a deadline: "io" said, two pronouns ("ve la", "glielo"), or giving to
 * the person addressed ("ti mando", "Le porto"). The object may come first ("la sedia la cambio").
 */
// Pronoun clusters that cannot be articles ("gliela", "ve lo") and the receiver pronouns "ti", "vi".
const RECEIVER_PRONOUNS = /\b((?:me|te|ce|ve|se)\s+(?:l[oaie]|ne)|glie(?:l[oaie]|ne)|ti|vi)\s+(\p{Ll}{3,}o)\b(?:\s+(\p{L}+))?/u;

export function firstPersonCommitment(sentence: string): { firm: boolean } | undefined {
  const text = sentence.charAt(0).toLowerCase() + sentence.slice(1);
  // Negated ("non ce la faccio"), or done right now in the meeting ("la spengo adesso, mentre parliamo"): no task.
  if (/\bnon\s+(?:(?:ce|ci|me|te|ve|se|l[oaie]|ne|gli|glie\p{L}*|l')\s*)+\p{Ll}{2,}o\b/u.test(text)) return undefined;
  if (/\b(?:adesso|ora|in questo momento)\b/u.test(text) && /\bmentre\b|\b(?:adesso|ora)\s*[.!]?$/u.test(text)) return undefined;
  // Each way of saying it, in turn: «I preventivi li chiedo io, ne conosco una…» is the speaker's
  // task though its second clause («ne conosco») is no commitment.
  for (const m of [
    text.match(RECEIVER_PRONOUNS),
    text.match(/(?:^|[,;:]\s*|\b(?:ma|e|poi|allora|quindi)\s+)(l[oaie]|l'|ne|gli|ci)(?:\s+|(?<='))(\p{Ll}{3,}o)\b(?:\s+(\p{L}+))?/u),
    // The object put first and taken up by the pronoun: "la sedia la cambio da martedì", "e il cartello lo faccio io".
    text.match(OBJECT_FIRST),
    // …also after a short answer run on before it: «non è cambiato il bonifico della prima metà lo faccio io lunedì».
    afterAnswer(text)?.match(OBJECT_FIRST) ?? null,
  ]) {
    const commitment = m ? commitmentIn(m, text) : undefined;
    if (commitment) return commitment;
  }
  return undefined;
}

/** The words after a short answer that ends on a participle («non è cambiato»), where run-on text goes on with the next clause. */
function afterAnswer(text: string): string | undefined {
  const m = text.match(/^(?:\p{L}+\s+){0,2}(?:è|sono)\s+\p{L}{3,}(?:at|ut|it)[oaie]\s+(?=(?:il|lo|la|i|gli|le)\s|l')/u);
  return m ? text.slice(m[0].length) : undefined;
}

const OBJECT_FIRST =
  /^(?:(?:e|ma|poi|allora|quindi|intanto|sì|si|ok|va bene)[,]?\s+)*(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,40}?\s+(l[oaie]|l'|ne)(?:\s+|(?<='))(\p{Ll}{3,}o)\b(?:\s+(\p{L}+))?/u;

function commitmentIn(m: RegExpMatchArray, text: string): { firm: boolean } | undefined {
  const [, pronouns, verb, next] = m;
  // A plural ("mandiamo", not "chiamo"), a third person, the imperfect ("aspettavo", "sentivo") but not "ricevo", "scrivo".
  const plural = /iamo$/.test(verb) && !/^(?:ri)?chiamo$/.test(verb);
  // (A verb of saying or going with «io» after it is the speaker taking it on: «lo dico io alle ragazze», «lo chiamo io».)
  if ((SAYING.test(verb) && !/^io$/iu.test(next ?? "")) || plural || /(?:ano|ono|nno|avo|[^c]evo|[^r]ivo)$/.test(verb)) return undefined;
  // An article before an adjective or a noun in -o: "lo stesso giorno", "il primo", "lo scorso anno".
  if (/^(?:stesso|primo|secondo|terzo|ultimo|nuovo|scorso|prossimo|solito|tutto|giorno|mattino)$/.test(verb)) return undefined;
  const p = pronouns.replace(/\s+/g, " ");
  // A noun after an elided article, taken up by a pronoun, is no verb: "l'atto ce l'ho".
  if (
    /^(?:lo|la|li|le|l'|gli)$/.test(p) &&
    next &&
    /^(?:di|del|dello|della|dei|degli|delle|dell|è|e|era|erano|sono|sta|stava|va|ha|aveva|che|non|ce|ci|lo|la|li|le|ne|gli)$/iu.test(next)
  )
    return undefined;
  const io = /\bio\b/iu.test(text);
  const firm = io || p.includes(" ") || p.startsWith("glie") || (/^(?:ti|vi|le|gli)$/.test(p) && GIVING.test(verb));
  return { firm };
}

// A request to everyone present, in the second person plural: "Mi mandate una mail…", "ci fate sapere…".
// The room may be named first, with the deadline: «Tutti e tre entro domenica mi scrivete…».
export const GROUP_REQUEST =
  /^(?:(?:allora|quindi|poi|e|ok|per favore|mi raccomando)[,]?\s+)*(?:((?:tutti|tutte|voi)(?:\s+e\s+(?:due|tre|quattro|cinque))?)\s+)?(?:entro\s+[^,.;:?!]{2,30}?\s+)?(?:mi|ci)\s+(?:\p{Ll}+\s+)?\p{Ll}{2,}(?:ate|ete|ite)\b/iu;

/** An owner said as "chi …" before the verb: "chi non ha ancora dato le preferenze (le) deve…". */
export function whoeverOwner(before: string): string | undefined {
  const m = before
    .trim()
    .match(
      /^(?:(?:e|allora|quindi|poi)[,]?\s+)?((?:chi|tutti quelli che|quelli che|coloro che)\s+[^,.;:?!]{3,60}?)(?:\s+(?:l[oaie]|ne|gli|ci|si))?$/iu,
    );
  return m?.[1];
}

/**
 * An owner said as "chi …" opening a clause, before a verb in the present with its pronoun: "chi è
 * disponibile mi scrive…", "chi ha moduli da firmare li porta in segreteria…", "chi vuole venire si
 * iscrive…". (With a duty verb, whoeverOwner reads the words before it.)
 */
export function whoeverSubject(sentence: string): string | undefined {
  const m = sentence.match(
    /(?:^|[:;,]\s*|\b(?:e|allora|quindi|poi)\s+)((?:chi|tutti quelli che|quelli che|coloro che)\s+[^,.;:?!]{2,50}?)\s+(?:mi|ci|ti|vi|si|li|le|lo|la|gli|ne|me\s+l[oaie]|ce\s+l[oaie])\s+\p{Ll}{3,}(?:a|e|ano|ono)(?![\p{L}])/iu,
  );
  return m?.[1];
}

// A commitment that names its object by a pronoun only: "Lo faccio io, ma tra due settimane", "Vi
// faccio sapere prima della riunione", "Ci penso io." What is to be done was said just before (not
// when another clause says it: "La chiamo io, le spiego il contratto").
const PRONOUN_VERB = String.raw`^(?:(?:sì|si|ok|va bene|allora|certo|d'accordo|bene|lo so|ho capito|capito|vabbè|ecco)[,]?\s+)*(?:lo|la|li|le|l'|ci|vi|ti|ne|me\s+ne|ce\s+ne|ve\s+l[oaie]|te\s+l[oaie]|glie\p{L}+)\s*\p{Ll}{3,}o(?:\s+io)?(?:\s+(?:sapere|avere|fuori|su|giù|lì|là))?`;
export const PRONOUN_ONLY = new RegExp(
  PRONOUN_VERB +
    String.raw`(?=\s*[.;!]|\s*,?\s+(?:ma|però|entro|per|tra|fra|prima|domani|domattina|stasera|stamattina|oggi|subito|appena|tanto|che|perché|sennò|così|con\s+calma|questa\s+settimana|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)(?![\p{L}])|\s*$)`,
  "iu",
);
// The same commitment with another clause after a comma, which may or may not say what: «Glieli
// chiedo io, lo vedo domenica al bar». What was said before still names the object.
export const PRONOUN_THEN_CLAUSE = new RegExp(PRONOUN_VERB + String.raw`(?=\s*,)`, "iu");

/**
 * Whether the words after a subject go on with its verb: a verb in lower case, maybe after its
 * pronouns — not the speaker's own verb after an object put first ("Il tecnico lo chiamo io"), nor a
 * negated one, which reports a fact ("Il tecnico prima di lunedì non viene").
 */
export function actsAsSubject(after: string): boolean {
  if (!/^(?:(?:gli|le|lo|la|li|ne|ci|si|se|me|te|mi|ti|vi)\s+)*\p{Ll}/u.test(after)) return false;
  if (/^(?:(?:l[oaie]|ne|gli|ce|ve|te|glie\p{L}*)\s+|l')\p{Ll}{2,}o(?![\p{L}])/u.test(after)) return false;
  return !/(?:^|\s)non\s/u.test(after.split(/[,;:]/)[0]);
}

// A relative clause after a noun, up to the next punctuation: "…a quelli di Bologna che ci hanno fatto vedere…".
const RELATIVE_CLAUSE = /(?<=\p{L}\s+)(?:che|cui)\s+(?:ci|mi|ti|vi|ce|me|l[oaie]|gli|l')?\s*(?:ha|hanno|avevo|aveva)\s[^,.;:!?]*/giu;

/**
 * Past tense and reports are not tasks: "l'avvocato ha già mandato", "abbiamo chiesto"; with
 * "essere" too ("è arrivata stamattina", "sono venuti in sei") unless a firm deadline or the
 * speaker's commitment is said ("è arrivata stamattina, la controllo io").
 */
export function reportsPast(sentence: string, firmDeadline: boolean): boolean {
  // A past in a relative clause tells who or what, not what was done: "lo chiedo io a quelli di
  // Bologna che ci hanno fatto vedere il ricondizionato".
  const main = sentence.replace(RELATIVE_CLAUSE, "");
  if (/\b(?:ha|hanno|abbiamo|avevo|aveva|ho)\s+(?:già\s+)?\p{L}+(?:ato|uto|ito)\b/iu.test(main)) return true;
  // The participle agrees with the pronoun before the auxiliary: "l'ha seguita", "le ho mandate"
  // (not "chi ha elaborati da mandare", where "elaborati" is a noun).
  if (/(?:\bl'|\b(?:la|le|li|ne)\s+)(?:ha|hanno|abbiamo|avevo|aveva|ho)\s+(?:già\s+)?\p{L}+(?:at|ut|it)[aie]\b/iu.test(main)) return true;
  if (firmDeadline || firstPersonCommitment(sentence)) return false;
  return /(?:^|[\s,])(?:è|sono|era|erano|eravamo)\s+(?:già\s+)?\p{L}{2,}(?:at[oaie]|ut[oaie]|it[oaie])(?![\p{L}])/iu.test(sentence);
}

// Duty and commitment forms, on the original text (accents kept, case ignored).
export const MODAL = /\b(?:dovrà|dovranno|dovra|deve|devono|dovrebbe|dovrebbero|ha il compito di|hanno il compito di)\s+/iu;
export const COMMIT =
  /\b(?:si\s+(?:impegna|impegnano|occupa|occupano|incarica|incaricano|offre|offrono|prende|prendono\s+l'incarico)\s+(?:comunque\s+|anche\s+|quindi\s+|pure\s+)?(?:a|di|l'incarico\s+di)|è\s+incaricat[oa]\s+di|sono\s+incaricat[ie]\s+di)\s+/iu;
// "si dà mandato al presidente di…", "incarica l'amministratore di…": the owner follows.
export const MANDATE = /\b(?:si\s+dà|si\s+da|dà|da|diamo|viene\s+dato)\s+mandato\s+(al|alla|allo|all'|ai|alle|agli|a)\s*(.{2,60}?)\s+di\s+/iu;
// "Chiedo ai colleghi di mandarmi le date entro…": the people asked own the task.
export const ASKED =
  /\b(?:chiedo|chiediamo|chiederei|chiederemmo|prego)\s+(?:solo\s+|anche\s+|quindi\s+|allora\s+|però\s+)?(al|alla|allo|all'|ai|alle|agli)\s*(.{2,40}?)\s+di\s+/iu;
// An order in the second person with its pronoun joined ("chiamalo", "mandamelo", "scrivigli",
// "fallo") opening the sentence; the verb's stem ends as an imperative does, so "la sala" is none.
export const ORDER_WITH_PRONOUN =
  /^(?:(?:e|ma|allora|però|ok|sì|si|dai)[,]?\s+)*(?:\p{Ll}{3,}[aie]|fa|di|da|sta)(?:l[oaie]|li|gli|mi|ci|ne|mel[oaie]|tel[oaie]|cel[oaie]|gliel[oaie])(?![\p{L}])/u;
export const INCARICA = /\b(?:incarica|incarichiamo|incaricano)\s+(il|lo|la|l'|i|gli|le)\s*(.{2,50}?)\s+di\s+/iu;
// "se ne occupa Luca", "ci pensa la segreteria": the owner follows too.
export const AFTER_VERB =
  /\b(?:se\s+ne\s+occupa|se\s+ne\s+occupano|se\s+ne\s+incarica|se\s+ne\s+incaricano|ci\s+pensa|ci\s+pensano|lo\s+fa|la\s+fa|a\s+cura\s+di|a\s+carico\s+di)\s+((?:il|lo|la|l'|i|gli|le)?\s*[\p{L}']+(?:\s+\p{Lu}[\p{L}']+)*)/iu;
// Future forms (not "sarà", "avrà", nor the impersonal "se ne riparlerà").
export const FUTURE = /(?<![\p{L}])(?!(?:sar|avr|potr|vorr|dovr|torner|riparler)\w*)(\p{L}{3,}(?:erà|irà|arà|eranno|iranno|aranno))(?![\p{L}])/iu;
// First person: "preparo io", "me ne occupo io", "ci penso io", "lo scrivo io", "io scrivo", "glielo rimando".
export const FIRST_PERSON =
  /(?:\b(?:me\s+ne\s+occupo|ci\s+penso\s+io|lo\s+faccio\s+io|la\s+faccio\s+io)\b|\b\p{L}{3,}o\s+io\b|\bio\s+\p{L}{3,}o\b|\b(?:glielo|gliela|te\s+lo|te\s+la|ve\s+lo|ve\s+la|le|gli|ti|vi|lo|la|li)\s+(?:mando|rimando|invio|preparo|scrivo|porto|faccio|giro|passo|chiamo|sento|mandiamo|prepariamo)\b|^(?:\p{L}+[,.]?\s+){0,3}(?:allora\s+|quindi\s+)?(?:preparo|scrivo|mando|invio|porto|chiamo|verifico|controllo|metto|faccio|riscrivo|sento|organizzo|contatto|aggiorno|chiedo|sistemo|ordino|compro|prenoto|spedisco|pubblico|sollecito|fisso|giro|telefono|correggo|rivedo|consegno|comunico|avviso|stampo|rimando|carico)\b)/iu;

// A request closed by a tag that only checks it was heard: «…mi scrivete sul gruppo, va bene?».
export const TAG_QUESTION = /,\s*(?:va bene|d'accordo|ok|okay|vero|chiaro|intesi|siamo intesi)\s*\?\s*$/iu;

// The speaker offers to bring or make something, "io" first: "Io porto il vino", "Io faccio le torte salate".
export const OFFERS =
  /^(?:(?:e|allora|sì|si|ok|va bene)[,]?\s+)*io\s+(?:porto|faccio|preparo|prendo|scrivo|mando|chiamo|compro|organizzo|sento|stampo|prenoto)\s+(?:il|lo|la|l'|i|gli|le|un|una|uno|del|della|dello|dei|delle|degli)(?![\p{L}])/iu;

// What the speaker does anyway, not an offer: "io faccio il medico da vent'anni", "io porto sempre il vino".
export const HABIT = /\b(?:sempre|di solito|ogni|anni|mestiere|lavoro)\b/iu;

// «dovrebbe» is a guess; a modal before a verb of being or lasting states no duty.
export const CONDITIONAL_MODAL = /^(?:dovrebbe|dovrebbero)\b/iu;
export const MODAL_NOT_DUTY = /^(?:essere|esserci|avere|stare|bastare|arrivare|tornare|costare|durare|servire|partire)\b/iu;

// Words without which no branch of actions.ts's scan can match.
export const CANDIDATE =
  /dovr|dev[eo]|compito|impegn|occup|incaric|offr|prend|mandato|pens|cura|carico|lo fa|la fa|\blei\b|erà|irà|arà|eranno|iranno|aranno|\b(?:puoi|potresti|riesci|mandi|prepari|fai|chiami|senti|scrivi|controlli|verifichi|organizzi|tu)\b/iu;
