/**
 * Words that say nothing about what a meeting is about. Folded (lower case, no accents), as
 * compared by isStopWord. Beyond the usual function words, the list holds the conjugations of the
 * common verbs and the fillers of spoken Italian, because transcripts are speech: without them
 * topic names would read "Fare e allora".
 */
import { fold } from "./text";

const ITALIAN = `
a ad al allo ai agli all alla alle col coi con da dal dallo dai dagli dall dalla dalle di del dello
dei degli dell della delle d in nel nello nei negli nell nella nelle su sul sullo sui sugli sull sulla
sulle per tra fra il lo la i gli le l un uno una un' e ed o od ma se che chi cui non ne ci vi si
io tu lui lei noi voi loro me te se sé mi ti ce ve li lo gliela glielo gliele glieli gli
mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre vostro vostra vostri
vostre questo questa questi queste quello quella quelli quelle quel quei quegli codesto stesso stessa
stessi stesse altro altra altri altre tale tali ogni ognuno ognuna qualche qualcuno qualcuna
qualcosa nessuno nessuna niente nulla tutto tutta tutti tutte alcuni alcune alcuno alcuna certi
certe ciascuno ciascuna quale quali quanto quanta quanti quante come dove quando mentre perche
poiche pero pure anche ancora gia mai sempre spesso subito poi prima dopo ora adesso oggi ieri
domani stamattina stasera intanto infine inoltre invece oppure ovvero ossia cioe quindi dunque
allora percio comunque magari forse proprio davvero veramente solo soltanto appena circa quasi
piu meno molto molta molti molte poco poca pochi poche tanto tanta tanti tante troppo troppa
troppi troppe abbastanza parecchio parecchi assai bene male meglio peggio cosi sia ne neanche
nemmeno neppure nonche qui qua li la lassu giu su sopra sotto dentro fuori davanti dietro
accanto vicino lontano insieme contro senza verso presso durante secondo oltre entro
sì si no ok okay ecco ehm eh beh be mah boh ah oh uh hm mh vabbe vabbè insomma diciamo praticamente
tipo cioe esatto esattamente certo certamente giusto vero perfetto benissimo bravo brava bravi
grazie prego scusa scusate scusi buongiorno buonasera buonanotte ciao salve arrivederci
benvenuti benvenuto benvenuta benvenute
sig signor signora signori dottore dottoressa dott dottor prof professore professoressa ing avv
essere sono sei e è siamo siete ero era eri eravamo eravate erano fui fu furono sarò sara saro sarai
saremo sarete saranno sarei saresti sarebbe saremmo sareste sarebbero sia siano fossi fosse
fossimo foste fossero stato stata stati state essendo
avere ho hai ha abbiamo avete hanno avevo avevi aveva avevamo avevate avevano ebbi ebbe ebbero
avro avrai avra avremo avrete avranno avrei avresti avrebbe avremmo avreste avrebbero abbia
abbiano avessi avesse avessimo aveste avessero avuto avuta avuti avute avendo
fare faccio fai fa facciamo fate fanno facevo faceva facevamo facevano fatto fatta fatti fatte
faro farai fara faremo farete faranno farei farebbe faremmo farebbero faccia facciano facendo
fece fecero facesse fare farlo farla farli farle farne farsi
stare sto stai sta stiamo state stanno stavo stava stavamo stavano staro stara staremo staranno
starei starebbe stia stiano stando stessi stesse
andare vado vai va andiamo andate vanno andavo andava andavamo andavano andato andata andati
andate andro andra andremo andranno andrei andrebbe vada vadano andando
potere posso puoi puo possiamo potete possono potevo poteva potevamo potevano potuto potro potra
potremo potranno potrei potresti potrebbe potremmo potrebbero possa possano
dovere devo devi deve dobbiamo dovete devono dovevo doveva dovevamo dovevano dovuto dovro dovra
dovremo dovranno dovrei dovresti dovrebbe dovremmo dovrebbero debba debbano
volere voglio vuoi vuole vogliamo volete vogliono volevo voleva volevamo volevano voluto vorrei
vorresti vorrebbe vorremmo vorrebbero voglia vogliano
dire dico dici dice diciamo dite dicono dicevo diceva dicevamo dicevano detto detta detti dette
diro dira diremo diranno direi direbbe dica dicano dicendo disse dissero dirlo dirti dirvi dirle
sapere so sai sa sappiamo sapete sanno sapevo sapeva sapevamo sapevano saputo sapro sapra saprei
saprebbe sappia
vedere vedo vedi vede vediamo vedete vedono vedevo vedeva visto vista visti viste vedro vedra
vedremo vedranno vedrei vedrebbe veda vedendo vediamolo
venire vengo vieni viene veniamo venite vengono venivo veniva venuto venuta venuti vengo verro
verra verremo verranno verrei verrebbe venga vengano
dare do dai da diamo danno davo dava dato daro dara daremo daranno darei
darebbe dia diano dando
mettere metto metti mette mettiamo mettete mettono messo messa messi messe mettiamo
parlare parlo parli parla parliamo parlate parlano parlato parlando parleremo parlavamo
sentire sento senti sente sentiamo sentite sentono sentito
pensare penso pensi pensa pensiamo pensate pensano pensato pensavo pensavamo
credere credo credi crede crediamo credete credono creduto
capire capisco capisci capisce capiamo capite capiscono capito
guardare guardo guardi guarda guardiamo guardate guardano guardato
chiedere chiedo chiedi chiede chiediamo chiedete chiedono chiesto
passare passo passi passa passiamo passate passano passato passata
bisogna bisognerebbe occorre occorrono conviene
eccomi eccoci eccolo eccola eccoli eccole finalmente
cosa cose roba parte parti punto punti modo modi volta volte tempo fatto caso realta genere
esempio senso tipo tipi discorso questione motivo ragione idea idee problema problemi
uno due tre quattro cinque sei sette otto nove dieci undici dodici venti trenta cento mille
primo prima primi prime secondo seconda secondi seconde terzo terza ultimo ultima ultimi ultime
nuovo nuova nuovi nuove grande grandi piccolo piccola buono buona buoni buone
anno anni mese mesi settimana settimane giorno giorni ora ore minuto minuti momento
lunedi martedi mercoledi giovedi venerdi sabato domenica
gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre
gente persone persona signori ragazzi tutti ciascuno
po' po pochino attimo attimino
via quest quell nessun qualcun ciascun buon sant tutt bell grand
`;

// Non-Italian input (an English meeting, a mistaken language setting) should still yield
// readable topic names, so the commonest English function words are stop words too. None of them
// is a content word in Italian.
const ENGLISH = `
the of and to in is are was were be been being it its this that these those with for on as at by
from we you they he she i our your their his her them us me my have has had having will would can
could should shall may might must not or but if so do does did done an about what which who whom
when where why how there here just also more most some any all into than then very yes yeah okay
let lets going get got think know need want like really one two three well now right thing things
way make made see said say just because over out up down off again only other such each both
few many much own same too don doesn isn aren wasn weren won wouldn couldn shouldn ll ve re
`;

const STOP = new Set<string>();
for (const list of [ITALIAN, ENGLISH]) {
  for (const w of list.split(/\s+/)) if (w) STOP.add(fold(w.replace(/'$/, "")));
}

// An infinitive with its pronoun joined («trovarlo», «sentirli», «chiederne») is a verb, never a subject.
const INFINITIVE_WITH_PRONOUN = /^\p{L}{2,}(?:ar|er|ir)(?:lo|la|li|le|ne|ci|si|gli|mi|ti|vi)$/u;

export function isStopWord(folded: string): boolean {
  return STOP.has(folded) || INFINITIVE_WITH_PRONOUN.test(folded);
}

// Numbers written as words, any of them ("ventidue", "quattrocento", "milleduecento"), and units:
// a figure is never what a topic is about.
const NUMBER_WORD =
  /^(?:un|uno|due|tre|quattr|quattro|cinque|sei|sett|sette|ott|otto|nov|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|vent|venti|trent|trenta|quarant|quaranta|cinquant|cinquanta|sessant|sessanta|settant|settanta|ottant|ottanta|novant|novanta|cent|cento|mille|mila)+$/;
const UNIT = new Set("chilo chili grammi etto etti litro litri metro metri euro percento".split(" "));

export function isQuantity(folded: string): boolean {
  return (folded.length >= 6 && NUMBER_WORD.test(folded)) || UNIT.has(folded);
}

// Words that say when, not what: a time of day or a day relative to today ("il turno del
// pomeriggio", "alle nove e mezza", "mandatemeli dopodomani") make poor topic names.
const TIME_WORD = new Set(
  "oggi domani dopodomani ieri stasera stamattina stanotte mattina mattino pomeriggio sera serata notte mezza mezzogiorno mezzanotte prima dopo adesso ora subito scorso scorsa scorsi scorse prossimo prossima prossimi prossime".split(
    " ",
  ),
);

export function isTimeWord(folded: string): boolean {
  return TIME_WORD.has(folded);
}
