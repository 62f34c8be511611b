/**
 * Common Italian first names, folded. A capitalised word at the start of a sentence may be a name
 * ("Marco prepara la build") or just the first word ("Preparo io il calendario"): an owner is
 * taken as a name only when it is one of these or is written with a capital inside sentences too.
 */
const NAMES = `
adele adriana adriano agnese agostino alberto alessandra alessandro alessia alessio alfredo alice
alida alma amedeo andrea angela angelo anna annalisa antonella antonio arianna arturo aurora
barbara beatrice benedetta benedetto bianca bruno camilla carla carlo carmela carmen carolina
caterina cecilia chiara claudia claudio clara corrado cristian cristiano cristina dario daniela
daniele davide debora denis diego dino domenico donatella edoardo elena eleonora elia elisa
elisabetta emanuela emanuele emma enrico enzo erica ernesto ettore eva fabio fabrizio federica
federico fernando filippo fiorella flavia flavio francesca francesco franco gabriele gabriella
gaetano giacomo giada gianluca gianni giacomo gino giorgia giorgio giovanna giovanni giulia
giuliana giuliano giulio giuseppe giuseppina grazia graziella guido ilaria irene isabella ivan
ivana jacopo laura lorena lorenzo loredana luca lucia luciana luciano ludovica luigi luisa
maddalena manuela manuel mara marcello marco margherita maria mariella marina marisa mario marta
martina massimo matteo mattia maura maurizio mauro michela michele milena mirella mirko monica
nadia nicola nicoletta nicolò nicolo noemi norma olga orazio ornella pamela paola paolo
patrizia patrizio piero pietro raffaele raffaella renato riccardo rita roberta roberto rocco
rosa rosanna rossana rossella ruggero sabrina salvatore samuele sandra sandro sara sergio silvia
silvio simona simone sofia stefania stefano susanna teresa tiziana tiziano tommaso ugo umberto
valentina valeria valerio vanessa vincenzo viola virginia vittoria vittorio walter
agata alba alfonso amelia anita antonietta attilio bernardo carlotta celeste cesare cinzia
dora elio emilio enza ester fausto ferdinando gemma gerardo gilda gina ida ines lidia lino livia
lucio marcella marilena massimiliano matilde nino nora ottavio pasquale piera pina renata romano
romina sonia tullio ada achille aldo anselmo bruna carmine cosimo dante erminia
ginevra gregorio leonardo letizia lia liliana marino mirco oscar rebecca teo tobia
bea ale fede nico max giò gio betta cate pippo peppe totò toto tonino gigi
fatima amina aisha mohamed mohammed ahmed omar karim youssef hassan samir rachid ibrahim
yasmine leila ana andrei ion elena mihai natasha olena svetlana kevin sharon jessica
`
  .trim()
  .split(/\s+/);

const SET = new Set(NAMES);

export function isFirstName(folded: string): boolean {
  return SET.has(folded);
}

// First names that are common words too («chiara», «rosa», «massimo», «franco»): only a capital
// makes them names, so neither a lower-case word nor a misspelling is taken for one of them.
const COMMON_WORDS = new Set(
  `chiara bianca bruna bruno franco rosa viola alba celeste fede marino romano gemma lino massimo vittoria grazia angela
  angelo benedetta benedetto pasquale aurora speranza toto totò gio giò ale max bea cate betta nico teo lia ida ugo eva ada`.split(/\s+/),
);
// How speech recognition spells a name it heard: a double consonant single or the other way
// («Sarra», «Michella», «Tomaso»), «k» for a hard «c» («Luka», «Kiara»), «j» for «gi» («Julia»).
const asHeard = (name: string) =>
  name
    .replace(/ch/g, "k")
    .replace(/^j/, "gi")
    .replace(/k/g, "c")
    .replace(/([bcdfglmnprstvz])\1/g, "$1");
const HEARD = new Set(NAMES.filter((n) => n.length >= 4 && !COMMON_WORDS.has(n)).map(asHeard));
// …and the names that are words too, heard with a letter no Italian word has («Kiara», «Franko»).
const HEARD_FOREIGN_LETTER = new Set(NAMES.filter((n) => n.length >= 4 && COMMON_WORDS.has(n)).map(asHeard));

/**
 * Whether a word in lower case (accents kept) is a first name however the engine spelt it and
 * wrote its case: «marco», «marko», «giullia» — not «chiara» or «sarà», which are words too
 * (but «kiara», «franko»: no Italian word is spelt with «k» or «j»).
 */
export function soundsLikeFirstName(word: string): boolean {
  if (COMMON_WORDS.has(word) || word.length < 3) return false;
  return (
    SET.has(word) ||
    (word.length >= 4 && /^[a-z]+$/.test(word) && HEARD.has(asHeard(word))) ||
    (word.length >= 4 && /^[a-z]*[kj][a-z]*$/.test(word) && HEARD_FOREIGN_LETTER.has(asHeard(word))) ||
    // An unstressed final «-a» heard as «-e» («Marte», «Silvie»), or «-e» as «-a» («Davida»); not in
    // short words («mare», «luce»).
    (word.length >= 5 && /^[a-z]+e$/.test(word) && HEARD.has(asHeard(word.slice(0, -1) + "a"))) ||
    (word.length >= 6 && /^[a-z]+a$/.test(word) && HEARD.has(asHeard(word.slice(0, -1) + "e")))
  );
}
