/**
 * Small text helpers shared by the analyzer modules: normalisation, word tokenisation and the
 * cosmetic fixes applied to sentences shown to the user.
 */

/** Lower case without diacritics, so "perché", "perchè" and "perche" compare equal. */
export function fold(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(/\p{M}+/gu, "");
}

// Letters and digits; apostrophes split elisions ("dell'azienda" -> "dell", "azienda"), which is
// what we want: the elided article is a stop word and the noun keeps its own identity.
const WORD = /[\p{L}\p{N}]+/gu;


export function countWords(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.exec(text)) n++;
  return n;
}

/** Upper-cases the first letter, leaving the rest (acronyms, proper nouns) alone. */
export function capitalise(text: string): string {
  const i = text.search(/\p{L}/u);
  if (i < 0) return text;
  return text.slice(0, i) + text[i].toLocaleUpperCase("it-IT") + text.slice(i + 1);
}

// Openers that carry no content in spoken Italian; removed from key points so they read as
// statements ("Allora, il budget è chiuso" -> "Il budget è chiuso"). The excerpt keeps them.
const FILLER_OPENERS =
  /^(?:(?:allora|quindi|dunque|ecco|ok|okay|va bene|bene|benissimo|perfetto|sì|no|beh|be'|mah|ehm|eh|cioè|diciamo|insomma|comunque|guardi|guarda|senta|senti|allora ecco|niente|appunto|esatto|certo|infatti|vabbè)\s*[,.!:;]?\s+)+/iu;

/** A sentence as a key point: filler openers removed, first letter capitalised, length capped. */
export function tidySentence(sentence: string, max = 240): string {
  let text = sentence.replace(/\s+/g, " ").trim();
  const stripped = text.replace(FILLER_OPENERS, "");
  // Keep the original when stripping would leave almost nothing ("Sì, certo.").
  if (stripped.split(" ").length >= 4) text = stripped;
  return clip(capitalise(text), max);
}

/** Cuts text at about max characters on a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:]$/, "")}…`;
}
