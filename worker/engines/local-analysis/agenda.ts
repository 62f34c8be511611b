/**
 * The agenda of a spoken Italian meeting, read from its discourse markers. Formal meetings announce
 * each item ("Secondo punto all'ordine del giorno: …", "Passiamo al bilancio", "Veniamo alle varie
 * ed eventuali"), informal ones less strictly ("Partiamo dal rilascio", "Poi c'è il bug dei
 * pagamenti", "Ultima cosa, le ferie"). An announced item is a topic of its own, and the words
 * after the marker usually name it better than any word count could.
 */
import { isFirstName } from "./names";
import { isQuantity, isStopWord, isTimeWord } from "./stopwords";
import { capitalise, fold } from "./text";

// What may precede a marker at the start of a sentence: acknowledgements and connectives.
// …and a name called out: "Chiara, passiamo all'impatto sui clienti?"
const LEAD = String.raw`^(?:\p{Lu}\p{Ll}{2,},\s+(?=\p{Ll}))?(?:(?:e|ed|eh|ehm|uhm|ah|scusate|scusa|scusi|ok|okay|bene|benissimo|allora|quindi|dunque|adesso|ora|poi|perfetto|va bene|grazie|d'accordo|molto bene|ecco|bon|sì|si|infine|intanto|andiamo avanti|procediamo)[,.:;]?\s+)*`;
const ORDINAL = String.raw`(?:primo|secondo|terzo|quarto|quinto|sesto|settimo|ottavo|nono|decimo|undicesimo|dodicesimo|ultimo|prossimo|successivo)`;
const NUMBER = String.raw`(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|\d{1,2})`;
const TO = String.raw`(?:alla|allo|alle|agli|all'|ai|al|ad|a)\b`;
// "passiamo alla votazione" and "veniamo al dunque" move within an item, not to the next one.
const NOT_ITEM = String.raw`(?!\s*(?:vot|dichiarazion\w* di voto|dunque|conclusion|appello|question\w* (?:di|del) voto))`;

/** Markers that announce an agenda item wherever they are used (tier 1). */
const ANNOUNCE = new RegExp(
  LEAD +
    String.raw`(?:` +
    [
      String.raw`(?:il|l')?\s*${ORDINAL}\s+(?:punto|argomento|tema|item)\b`,
      String.raw`(?:il\s+)?punto\s+(?:n\.?\s*|numero\s+)?${NUMBER}\b`,
      // "Il punto successivo è…", "il prossimo argomento": the ordinal after the noun.
      String.raw`(?:il\s+)?(?:punto|argomento|tema)\s+(?:successivo|seguente)\b`,
      String.raw`(?:la|l')?\s*(?:prima|seconda|terza|quarta|quinta|ultima|altra|prossima)\s+(?:cosa|questione|domanda|voce|parte)\b`,
      String.raw`(?:un'|l')\s*(?:ultima|altra)\s+(?:cosa|questione|domanda)\b`,
      String.raw`(?:passiamo|passando|veniamo|arriviamo|andiamo)\s+(?:ora\s+|adesso\s+|quindi\s+|poi\s+|infine\s+)?${TO}${NOT_ITEM}`,
      // Not "procediamo con…", which usually carries out a decision ("procediamo con entrambe le assunzioni").
      String.raw`(?:andiamo avanti|proseguiamo|continuiamo|chiudiamo|concludiamo|finiamo)\s+con\b${NOT_ITEM}`,
      String.raw`(?:partiamo|cominciamo|iniziamo|comincerei|partirei|inizierei|comincio|inizio|parto)\s+(?:pure\s+|subito\s+)?(?:dalla|dallo|dalle|dagli|dall'|dai|dal|da|con)\b(?!\s*(?:i lavori|la seduta|la riunione|l'appello|le presentazioni|te|lei|lui|voi|me|noi|loro)\b)`,
      String.raw`(?:apro|apriamo)\s+(?:la\s+)?discussione\s+(?:su|sul|sulla|sullo|sui|sulle|sull')`,
      String.raw`varie\s+ed\s+eventuali\b`,
      String.raw`(?:per|da|in)\s+ultimo\b`,
      // "Per finire, la quota associativa resta a dieci euro.": the last item, by its noun phrase.
      String.raw`per\s+(?:finire|chiudere)[,:]?(?=\s+(?:il|lo|la|l'|i|gli|le)\s*\p{L}{3,})`,
      String.raw`(?:all'|l')?ordine\s+del\s+giorno\s+(?:ora\s+)?(?:porta|prevede\s+ora|ci\s+porta)\b`,
      // "Prima di tutto i turni di luglio", "Innanzitutto la palestra": the first item, by its noun phrase.
      String.raw`(?:prima\s+di\s+tutto|innanzitutto|innanzi\s+tutto|per\s+prima\s+cosa|per\s+cominciare|per\s+iniziare)[,:]?(?=\s+(?:il|lo|la|l'|i|gli|le)\s*\p{L}{3,})`,
      // "Ah, scusate, una cosa che mi ero dimenticata: il cinque per mille.": an item added at the end.
      String.raw`(?:(?:una|un'altra)\s+cosa\s+che\s+(?:mi\s+)?(?:ero|avevo)\s+dimenticat[oaie]|dimenticavo|prima\s+di\s+chiudere)[,:]?(?=\s+(?:il|lo|la|l'|i|gli|le)\s*\p{L}{3,})`,
      // "Cambiando discorso, la campagna di maggio.": a change of subject said aloud, with the subject.
      String.raw`(?:cambiando\s+discorso|cambiamo\s+discorso|cambiando\s+argomento|cambio\s+argomento)[,:]?(?=\s+(?:il|lo|la|l'|i|gli|le)\s*\p{L}{3,})`,
      // "Infine la formazione: a settembre…": a connective and a noun phrase as a heading, before a colon.
      String.raw`(?:infine|per\s+finire|da\s+ultimo|poi|adesso|ora)[,]?(?=\s+(?:il|lo|la|l'|i|gli|le)\s*[\p{L}']{3,}(?:\s+(?!(?:è|e|sono|era|sarà)(?![\p{L}]))[\p{L}']+){0,3}\s*:)`,
      // "Terzo, le escalation al secondo livello.": a bare ordinal and a noun phrase (not "secondo me").
      String.raw`(?:primo|secondo|terzo|quarto|quinto|sesto|ultimo)[,:](?=\s+(?:il|lo|la|l'|i|gli|le)\s*\p{L}{3,})`,
      // "Capitolo cadute.", "Capitolo pulizie: …": a heading said aloud (not "il capitolo tre").
      String.raw`capitolo(?=[,:]?\s+(?!(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|primo|secondo|terzo|quarto|quinto)\b)\p{L}{3,})`,
    ].join("|") +
    String.raw`)`,
  "iu",
);

/** Weaker markers: they open an item in a meeting that has an agenda, and help TextTiling elsewhere (tier 2). */
const INTRODUCE = new RegExp(
  LEAD +
    String.raw`(?:` +
    [
      // "Poi c'è il bug dei pagamenti", not "c'è anche la polemica…" (more on the same subject).
      String.raw`(?:poi\s+c'è|c'è\s+poi|poi\s+ci\s+sono|ci\s+sono\s+poi)\s+(?:anche\s+|ancora\s+)?(?:il|lo|la|l'|i|gli|le)\b`,
      // ("C'è anche il problema dell'assicurazione" adds to the subject under way.)
      String.raw`c'è\s+(?:il|la|l')\s*(?:tema|questione|discorso|capitolo|problema|nodo)\b`,
      // "Sulle elezioni comunali, …": the subject put first.
      String.raw`(?:sul|sulla|sullo|sulle|sui|sugli|sull')\s*\p{L}{4,}(?:\s+\p{L}+){0,3}\s*,`,
      String.raw`(?:l'|un')\s*altra\s+cosa\b`,
      // "Per la festa di fine anno pensavamo al giardino": the subject put first with "per".
      // (Not an adverbial phrase: "per il momento aspettiamo", "per il resto".)
      String.raw`per(?!\s+(?:il|la|l')\s*(?:momento|resto|verità|prossim\p{L}|futuro|cronaca|precisione|carità|fortuna|volta|quale)(?![\p{L}]))(?=\s+(?:il|lo|la|i|gli|le|l')\s*\p{L}{4,}(?:\s+\p{L}+){0,4}?\s+\p{L}+(?:iamo|avamo|evamo|ivamo|emmo|remo|ranno)\b)`,
      String.raw`(?:per quanto riguarda|quanto a|riguardo a|riguardo al|riguardo alla|in merito a|in merito al|in merito alla)\b`,
      // "Collegato alla formazione c'è il tema del personale": the new subject is the one after "c'è".
      String.raw`collegat[oa]\s+(?:a\s+questo|(?:al|alla|allo|ai|alle|agli|all'|a)\s*\p{L}+)(?:\s+\p{L}+){0,2}?\s+c'è\s+(?:anche\s+)?(?:il|la|l')\s*(?:tema|questione|discorso|capitolo|problema)(?:\s+(?:del|della|dello|dei|degli|delle|dell'|di))?`,
      String.raw`collegat[oa]\s+a\s+questo`,
      // "Volevo parlarti di…", "Vi volevo poi aggiornare sul menù".
      String.raw`(?:(?:vi|ti|le|gli)\s+)?(?:vorrei|volevo|vorremmo|volevamo)\s+(?:anche\s+|poi\s+|però\s+)*(?:parlar\w*|affrontare|sollevare|chieder\w*|discutere|aggiornar\w*|informar\w*|raccontar\w*|segnalar\w*)\b`,
      String.raw`(?:resta|rimane|affrontiamo)\s+(?:ancora\s+|poi\s+)?(?:il|la|l')\s*(?:tema|questione|discorso|capitolo|argomento|punto)\b`,
      // "Parliamo di turismo": the speaker names the next subject.
      String.raw`(?:parliamo|parlerei|parliamone)\s+(?:adesso\s+|ora\s+|un\s+po'\s+|anche\s+)*(?:di|del|della|dello|dei|delle|degli|dell')`,
      // "Senti, ma l'olio…", "Ascolta, e per la consegna…": on the phone, a new subject after a call for attention.
      String.raw`(?:senti|senta|sentite|ascolta|ascolti)[,]?\s+(?:ma|e|poi|un'altra cosa)[,]?(?=\s+(?:il|lo|la|l'|i|gli|le|per\s+(?:il|la|l'|i|le))\s*\p{L}{3,})`,
    ].join("|") +
    String.raw`)`,
  "iu",
);

const SUBJECT_FIRST = new RegExp(LEAD + String.raw`(?:sul|sulla|sullo|sulle|sui|sugli|sull')\s*([^,]+),`, "iu");

// A sentence that reads out the whole agenda ("L'ordine del giorno prevede quattro punti: …") or
// refers back to an item ("come detto al primo punto") announces nothing.
const LISTING =
  /ordine del giorno (?:prevede|è il seguente|comprende|riporta|di oggi è)|\b(?:i|gli)\s+(?:punti|argomenti|temi)\s+(?:di oggi\s+)?sono\b|(?:primo|1)[^.?!]{0,80}\b(?:secondo|2)\b[^.?!]{0,80}\b(?:terzo|3)\b|come (?:detto|visto|dicevamo) (?:al|nel)/iu;

// A sentence that is only a connective and a noun phrase announces the next subject in informal
// talk: "Poi il questionario.", "E poi gli influencer.", "Adesso le ferie di agosto." Without a
// connective, or with a verb after the noun, it is part of what is being said.
const BARE_SUBJECT = new RegExp(
  String.raw`^(?:(?:eh|ehm|uhm)[,]?\s+)?(?:e\s+)?(?:poi|adesso|ora|infine|per\s+finire|da\s+ultimo)[,:]?\s+(?:il|lo|la|l'|i|gli|le)\s*[\p{L}']{3,}(?:\s+(?:di|del|della|dello|dei|degli|delle|dell'|per|sul|sulla|sui|sulle)?\s*[\p{L}']{3,}){0,2}\s*[.:!…]?$`,
  "iu",
);

// "Poi, dicembre.", "Adesso, sicurezza.": the connective and a noun alone, without its article.
const BARE_NOUN = /^(?:e\s+)?(?:poi|adesso|ora|infine)[,:]\s+([\p{L}']{4,})\s*[.:!]?$/iu;
function bareNoun(text: string): boolean {
  const word = text.match(BARE_NOUN)?.[1];
  if (!word) return false;
  const f = fold(word);
  // A month is a subject here ("Poi, dicembre.": the December openings), though not a name word elsewhere.
  const month = /^(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)$/.test(f);
  return month || (!isStopWord(f) && !isTimeWord(f) && !REPLY.test(word) && !/(?:iamo|ate|ete|ite|are|ere|ire|o)$/u.test(f));
}

// "E la demo per la Ferretti?", "E nel bagno?", "E i tempi?": a short question that brings up a
// subject (the conversational way to move on). Tier 2: a question can also stay on the subject.
// "Il comportamento invece?": the subject and "invece", the same move said the other way round.
const SUBJECT_QUESTION = new RegExp(
  String.raw`^(?:(?:e|ed|invece|ma)\s+(?:invece\s+)?(?:il|lo|la|l'|i|gli|le|nel|nella|nello|nei|negli|nelle|nell'|sul|sulla|sullo|sui|sulle|sull'|per\s+(?:il|la|lo|i|gli|le|l'))\s*[\p{L}']{3,}(?:\s+[\p{L}'.]+){0,6}|(?:e\s+)?(?:il|lo|la|l'|i|gli|le)\s*[\p{L}']{3,}(?:\s+[\p{L}']+){0,4}\s+invece)\s*\?$`,
  "iu",
);

/** "Primo, le migrazioni.": a bare ordinal that opens an item — or a sub-point of the one just announced. */
export function isBareOrdinal(sentence: string): boolean {
  return BARE_ORDINAL.test(sentence.trim());
}
const BARE_ORDINAL = new RegExp(LEAD + String.raw`(?:primo|secondo|terzo|quarto|quinto|sesto)[,:]\s`, "iu");

/** Whether a sentence reads out the agenda ("L'ordine del giorno prevede…", "I punti sono…: …"). */
export function readsOutAgenda(sentence: string): boolean {
  if (/come (?:detto|visto|dicevamo)/iu.test(sentence)) return false;
  // "…l'ordine del giorno: uno, proposte di adozione…; due, prove parallele…"
  // "L'ordine del giorno di stasera: la festa…, la richiesta…" (not "Primo punto all'ordine del giorno: …").
  if (
    /(?:^|[^\p{L}'])(?:l'|un\s+)ordine del giorno(?:\s+di\s+(?:oggi|stasera|questa sera|stamattina))?(?:\s+è\s+questo)?\s*:[^.?!]*,/iu.test(sentence)
  )
    return true;
  return LISTING.test(sentence) || /\b(?:uno|primo|1)[,:)][^.?!]{3,160}\b(?:due|secondo|2)[,:)][^.?!]{3,160}\b(?:tre|terzo|3)[,:)]/iu.test(sentence);
}

/** 1 for a sentence that announces an agenda item, 2 for a weaker introduction, 0 otherwise. */
/** Whether the words open with a marker that announces an item («punto tre», «varie ed eventuali», «per ultimo»). */
export function announcesItem(words: string): boolean {
  return ANNOUNCE.test(words.trim());
}

export function markerTier(sentence: string): 0 | 1 | 2 {
  const text = sentence.trim();
  if (LISTING.test(text)) return 0;
  if (ANNOUNCE.test(text) || BARE_SUBJECT.test(text) || bareNoun(text)) return 1;
  // "E il volantino chi lo fa?": who takes on a task of the item under way, not a new subject.
  const whoDoes = /\bchi\s+(?:(?:lo|la|li|le|ci|ne|se\s+ne)\s+)?\p{L}+\s*\?$/iu.test(text);
  if (INTRODUCE.test(text) || (SUBJECT_QUESTION.test(text) && !whoDoes) || CLOSING_SUBJECT.test(text) || isBareHeading(text)) return 2;
  return 0;
}

// "Quindi, la causa.", "…li abbiamo già visti con i guanti, quindi la formazione.": a connective of
// consequence and a noun phrase ending the sentence move on to that subject. Weaker than "Poi il
// questionario." ("quindi il ventisei" can close a reckoning), so tier 2. After "la/le/lo" a word in
// "-o" is a verb with its pronoun ("allora la mando io", "quindi le chiamo").
const CLOSING_SUBJECT = new RegExp(
  String.raw`(?:^|,\s*)(?:e\s+)?(?:quindi|allora|dunque)[,:]?\s+(?!(?:la|le|lo)\s+\p{L}+(?:o|iamo|ete|ite)\b)(?:(?:il|lo|la|i|gli|le)\s+|l')\p{L}{3,}(?:\s+(?:(?:di|del|della|dello|dei|degli|delle|per|sul|sulla|sui|sulle)\s+|dell')?\p{L}{3,}){0,2}\s*[.:!…]?$`,
  "iu",
);

// Replies and calls that make a sentence on their own without naming a subject.
const REPLY =
  /(?:^|[\s'])(?:approvat\p{L}*|respint\p{L}*|favorevoli|contrari|astenut\p{L}*|unanimità|unanimita|maggioranza|nessun\p{L}*|giust\p{L}|ottim\p{L}|perfett\p{L}|buon\p{L}*|fine|arrivederci)$|^(?:sì|si|no|ok|okay|bene|benissimo|perfetto|giusto|esatto|certo|ottimo|grazie|appunto|chiaro|bravo|brava|bravi|forza|fatto|dai|ecco|allora|infatti|davvero|assolutamente|capito|basta|niente|nulla|tutto|tutti|nessuno|buongiorno|buonasera|ciao|salve|prego|scusate|scusa|avanti|andiamo|procediamo|d'accordo|va\s+bene|bellissimo|ottima|fantastico|peccato|mamma\s+mia|madonna|comunque|insomma|oppure|anche|poi|ora|adesso|quindi|dunque)(?![\p{L}])/iu;

/**
 * "Sorveglianza sanitaria.", "Domenica.": a heading said aloud, a noun phrase of one to three words
 * that makes the whole sentence, with no article and no verb — how a chair reads the next item of a
 * list. Not a reply ("Perfetto."), not a quantity ("Sei chili."), not a name called out.
 */
export function isBareHeading(sentence: string): boolean {
  const text = sentence.trim();
  if (!/^[\p{L}'’]{4,}(?:\s+(?:di|del|della|dello|dei|degli|delle|dell'|e|per)?\s*[\p{L}'’]{3,}){0,2}\s*[.:]$/u.test(text)) return false;
  if (REPLY.test(text)) return false;
  const words = text.replace(/[.:]$/, "").split(/\s+/).map(fold);
  if (
    words.some(
      (w) =>
        REPLY.test(w) ||
        isQuantity(w) ||
        isTimeWord(w) ||
        // An order with its pronouns: "Mandatemeli dopodomani.", "Chiamalo."
        /^\p{L}{3,}(?:a|i|ate|ete|ite)(?:mel[oaie]|cel[oaie]|tel[oaie]|gliel[oaie]|l[oaie]|mi|ci)$/u.test(w) ||
        /^(?:\d+|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|venti|trenta|cento|mille)$/.test(w) ||
        /^(?:il|lo|la|i|gli|le|un|una|uno)$|^(?:l|un|gl)'/.test(w),
    )
  )
    return false;
  // An exclamation or an aside is no heading: «Eccomi.», «Finalmente.», «Molto divertente.», «Anch'io.», «Gliel'ho chiesto.».
  if (
    /^(?:ecco\p{L}+|anch'\p{L}+|molto|troppo|tanto|proprio|davvero|cosi)$/u.test(words[0]) ||
    words.some((w) => /\p{L}{4,}mente$|'(?:io|ho|ha|hai|hanno|abbiamo|e)$/u.test(w) || (words.length > 1 && PARTICIPLE.test(w)))
  )
    return false;
  // A verb ("Vediamo.", "Parlavamo delle macro", "Approvato all'unanimità") is an answer or a remark.
  const day = (w: string) => /^(?:lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica)$/.test(w);
  if (/(?:iamo|avamo|evamo|ivamo|are|ere|ire)$/u.test(words[0]) || (PARTICIPLE.test(words[0]) && !day(words[0]))) return false;
  // Nor a remark cut out of a run-on stretch: a copula or an auxiliary, or a participle after an adverb
  // («Erano articoli sbagliati.», «Già finiti.»).
  if (
    /(?:^|\s)è\s/u.test(text) ||
    words.some((w) => /^(?:era|erano|sono|sara|ha|hanno|ho|abbiamo|sta|stanno|c'e|gia|ancora|anche|sempre|mai)$/.test(w))
  )
    return false;
  // A noun, or a day ("Domenica." in a briefing on the shifts).
  return words.some((w) => !isStopWord(w) || day(w));
}

// What stands before the subject in a bare announcement or a subject question.
const BARE_LEAD = /^(?:(?:eh|ehm|uhm)[,]?\s+)?(?:e\s+)?(?:poi|adesso|ora|infine|per\s+finire|da\s+ultimo)[,:]?\s+(?=\S+[^?]*[.:!…]?$)(?![^?]*\?$)/iu;
const CLOSING_LEAD = /(?:^|,\s*)(?:e\s+)?(?:quindi|allora|dunque)[,:]?\s+(?=(?:(?:il|lo|la|i|gli|le)\s+|l')\p{L}[^,]*$)(?![^?]*\?$)/iu;
const QUESTION_LEAD = /^(?:(?:e|ed|invece|ma)\s+(?:invece\s+)?(?=[^?]*\?$)|(?=[^?]*\sinvece\s*\?$))/iu;

// Words that stand between the marker and the name of the item: "all'ordine del giorno", "riguarda".
const LINK =
  /^(?:[\s,.:;–—-]+|(?:(?:la\s+|una\s+)?(?:cosa|questione|faccenda|storia)\s+(?:del|della|dello|dei|degli|delle|dell'|di)|all'ordine del giorno|dell'ordine del giorno|in ordine del giorno|in discussione|oggi|stasera|ora|adesso|poi|infine|quindi|anche|però|era|è|sono|riguarda|riguardano|concerne|tratta|prevede|che (?:\p{L}+\s+){0,3}?(?:riguarda|è|era|sono|concerne)|che|ed|e|di cui (?:\p{L}+\s+){0,2}?\p{L}+)(?![\p{L}']))\s*/iu;

const ARTICLE_OR_PREPOSITION = new Set(
  `il lo la i gli le l un uno una un' al allo alla ai agli alle all a ad da dal dallo dalla dai dagli dalle dall di del dello della dei degli delle dell in nel nello nella nei negli nelle nell su sul sullo sulla sui sugli sulle sull con col per tuoi tue tuo tua tuoi nostro nostra nostri nostre vostro vostra vostri vostre mio mia miei mie suo sua suoi sue questo questa questi queste quel quella quei quelle`.split(
    " ",
  ),
);
// Where a name stops: a clause, a reason, a relative, a participle.
const STOP = new Set(
  `che cui dove quando perché perche come se ma mentre quindi così cosi dato visto poiché poiche anche ovvero cioè cioe chi cosa quanto quanta quanti quante quale quali`.split(
    " ",
  ),
);
// A verb after the subject ends its name: "la quota associativa resta…", "i nuovi volontari potremmo…".
const FINITE =
  /^(?:è|sono|resta|restano|rimane|rimangono|va|vanno|viene|vengono|slitta|costa|costano|scade|arriva|arrivano|ha|hanno|c'è|\p{L}{2,}(?:iamo|avamo|evamo|ivamo|emmo|ebbe|ebbero|remo|ranno))$/u;
const PARTICIPLE = /^(?:\p{L}{3,})(?:at[oaie]|ut[oaie]|it[aie])$/u;

/**
 * The name an announcement gives its item: "Passiamo al secondo punto, la videosorveglianza." ->
 * "Videosorveglianza"; "Il primo punto riguarda la ratifica della variazione di bilancio adottata
 * dalla giunta" -> "Ratifica della variazione di bilancio". Undefined when no content word follows.
 */
export function announcedName(sentence: string): string | undefined {
  const text = sentence.trim();
  const match =
    text.match(ANNOUNCE) ??
    text.match(INTRODUCE) ??
    text.match(BARE_LEAD) ??
    text.match(QUESTION_LEAD) ??
    text.match(CLOSING_LEAD) ??
    (isBareHeading(text) ? text.match(/^/u) : null);
  if (!match) return undefined;
  // "Sul carrello delle emergenze, all'ultima verifica…": the subject is what comes before the comma.
  const put = !text.match(ANNOUNCE) && text.match(SUBJECT_FIRST);
  let rest = put ? put[1] : text.slice((match.index ?? 0) + match[0].length);
  // "Ultima cosa velocissima, la roadmap": a word qualifying "cosa" before the comma is not the subject.
  if (/(?:cosa|questione|domanda|voce|parte)$/iu.test(match[0].trim())) rest = rest.replace(/^\s+\p{L}+\s*(?=[,:])/u, "");
  // The marker may end inside "al secondo punto": skip what is left of it.
  rest = rest.replace(new RegExp(String.raw`^\s*(?:il\s+|l')?${ORDINAL}\s+(?:punto|argomento|tema)\b`, "iu"), "");
  rest = rest.replace(new RegExp(String.raw`^\s*(?:il\s+)?punto\s+(?:n\.?\s*|numero\s+)?${NUMBER}\b`, "iu"), "");
  for (let i = 0; i < 6; i++) {
    const next = rest.replace(LINK, "");
    if (next === rest) break;
    rest = next;
  }
  const clause = rest.split(/[,.;:?!()]|\s[–—-]\s/)[0] ?? "";
  const tokens = clause.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const token of tokens) {
    const f = fold(token).replace(/[^\p{L}\p{N}']/gu, "");
    if (STOP.has(f) || (out.length >= 1 && FINITE.test(f))) break;
    // "le azioni per non rifarlo": a purpose clause is not part of the name.
    const k0 = tokens.indexOf(token);
    if (out.length >= 1 && f === "per" && /^(?:non|\p{L}+(?:are|ere|ire)(?:lo|la|li|le|ne)?)$/u.test(fold(tokens[k0 + 1] ?? ""))) break;
    // "il furgone l'hai riportato": a pronoun and an auxiliary start the clause.
    if (out.length >= 1 && /^(?:l'(?:ho|hai|ha|abbiamo|avete|hanno|avevo|aveva)|c'(?:è|e|era|sono))$/u.test(f)) break;
    // "la mozione presentata dal gruppo…": a participle right after a noun starts a qualifier.
    // (A participle that ends the name is an adjective: "le risposte predefinite".)
    // A word in "-ito/-ata" followed by "di" is a noun with its complement: "i crediti della tipografia".
    const k = tokens.indexOf(token);
    const ofNext = k + 1 < tokens.length && /^(?:di|del|della|dello|dei|degli|delle|dell'.*)$/u.test(fold(tokens[k + 1]));
    if (out.length >= 1 && k < tokens.length - 1 && !ofNext && PARTICIPLE.test(f) && !ARTICLE_OR_PREPOSITION.has(fold(out[out.length - 1]))) break;
    if (out.length === 0 && (ARTICLE_OR_PREPOSITION.has(f) || /^[\p{L}]{1,4}'$/u.test(token))) continue;
    // In run-on text the next clause follows the name without a stop: after a content word or a
    // number, an article, a first name, a time or a verb in the imperfect opens it («Elicottero il
    // preventivo della ditta è arrivato», «Data di apertura l'anno scorso», «Patentini dei carrelli
    // Ilaria…», «Cella due stamattina il termometro…»).
    if (
      out.length >= 1 &&
      (contentWord(out[out.length - 1]) || /^(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|\d+)$/u.test(fold(out[out.length - 1]))) &&
      (/^(?:il|lo|la|i|gli|le|un|una|uno)$/.test(f) ||
        /^(?:l|un)'\p{L}/u.test(f) ||
        isFirstName(f) ||
        isTimeWord(f) ||
        /^(?:\p{L}+(?:avano|evano|ivano)|quest'\p{L}+)$/u.test(f))
    )
      break;
    // «Partiamo da lì», «torniamo a questo»: the item was named before; these words name none.
    if (out.length === 0 && /^(?:lì|qui|qua|là|questo|quello)$/iu.test(token.replace(/[^\p{L}]/gu, ""))) return undefined;
    out.push(token);
    if (out.length >= 7) break;
  }
  // Elided articles glued to the first word: "l'approvazione" -> "approvazione".
  if (out.length) out[0] = out[0].replace(/^(?:l|un|dell|all|dall|nell|sull)['’]/iu, "");
  // "obiettivi e dai risultati" -> "obiettivi e risultati"; no trailing function words.
  const words: string[] = [];
  for (let i = 0; i < out.length; i++) {
    const f = fold(out[i]);
    if (ARTICLE_OR_PREPOSITION.has(f) && i > 0 && /^(?:e|ed|o)$/.test(fold(out[i - 1]))) continue;
    words.push(out[i]);
  }
  // "la pressa tre", "la cella due": a number right after a noun names which one, and stays.
  const numbered = (k: number) =>
    k >= 1 && /^(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|\d+)$/u.test(fold(words[k])) && contentWord(words[k - 1]);
  while (
    words.length &&
    !numbered(words.length - 1) &&
    (ARTICLE_OR_PREPOSITION.has(fold(words[words.length - 1])) || isStopWord(fold(words[words.length - 1])))
  )
    words.pop();
  if (!words.some((w) => contentWord(w))) return undefined;
  return capitalise(words.join(" "));
}

/** A word that can carry a subject: not a stop word, not a number, at least three letters. */
export function contentWord(word: string): boolean {
  const f = fold(word)
    .replace(/^\p{L}{1,4}'/u, "")
    .replace(/[^\p{L}]/gu, "");
  return f.length >= 3 && !isStopWord(f);
}
