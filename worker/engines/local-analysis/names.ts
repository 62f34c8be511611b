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
