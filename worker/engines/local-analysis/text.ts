/**
 * Small text helpers shared by the analyzer modules: normalisation, word tokenisation and the
 * cosmetic fixes applied to sentences shown to the user.
 */

/** Lower case without diacritics, so "perché", "perchè" and "perche" compare equal. */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
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

/** Words of more than three letters: a rough count of what a phrase says beyond its function words. */
export function contentWords(text: string): number {
  return fold(text)
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3).length;
}

/** Upper-cases the first letter, leaving the rest (acronyms, proper nouns) alone. */
export function capitalise(text: string): string {
  const i = text.search(/\p{L}/u);
  // «19 su 19, approvato» opens with its number: nothing to capitalise.
  if (i < 0 || /\p{N}/u.test(text.slice(0, i))) return text;
  return text.slice(0, i) + text[i].toLocaleUpperCase("it-IT") + text.slice(i + 1);
}

// Openers that carry no content in spoken Italian; removed from key points so they read as
// statements ("Allora, il budget è chiuso" -> "Il budget è chiuso"). The excerpt keeps them.
// («No» and «niente» only set off by a comma: «Niente diretta» says no live broadcast.)
const FILLER_OPENERS =
  /^(?:(?:allora|quindi|dunque|ecco|ok|okay|va bene|bene|benissimo|perfetto|sì|beh|be'|mah|ehm|eh|cioè|diciamo|insomma|comunque|guardi|guarda|senta|senti|allora ecco|appunto|esatto|certo|infatti|vabbè)\s*[,.!:;]?\s+|(?:no|niente)\s*[,.!:;]\s*)+/iu;

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

// Asides of spoken Italian that carry no content inside a sentence.
const ASIDES =
  /(?:,\s*|\s+|^)(?:come sapete|come sai|come sa|come dicevo|come dicevamo|come vi dicevo|diciamo così|diciamo|secondo me|per me|in pratica|praticamente|sostanzialmente|un attimo|appunto|ecco|insomma|cioè|tra l'altro|per così dire|devo dire|onestamente|francamente|scusate|scusi|scusa|guardate|guardi|guarda|vedete|sentite|eh|ehm|no\?)(?=\s*[,.!?;:]|\s)(?:\s*,)?/giu;
// Where a long sentence may be cut: before a new clause.
const CLAUSE =
  /,\s+(?=(?:ma|però|perché|perche|quindi|e\s+(?:poi|quindi|così)|anche\s+se|mentre|così|altrimenti|che|dove|il\s+che|cosa\s+che|soprattutto|tipo)(?![\p{L}]))|;\s+|\s+[–—]\s+|:\s+(?=\p{Ll})/iu;

/**
 * A key point as a short statement of its sentence: fillers and asides removed, and a long
 * sentence kept to its first clause. Undefined when nothing shorter than the tidied sentence exists.
 */
export function shortStatement(sentence: string, maxWords = 20): string | undefined {
  const tidy = tidySentence(sentence, 400);
  let text = tidySentence(
    tidy
      .replace(ASIDES, (m) => (/^,/.test(m) && /,\s*$/.test(m) ? "," : " "))
      .replace(/\s+([,.!?;:])/g, "$1")
      .replace(/,\s*,/g, ","),
    400,
  );
  if (countWords(text) > maxWords) {
    const parts = text.split(CLAUSE);
    let kept = "";
    for (const part of parts) {
      const next = kept ? `${kept}, ${part}` : part;
      if (kept && countWords(next) > maxWords) break;
      kept = next;
      if (countWords(kept) >= 6 && countWords(kept) >= maxWords * 0.6) break;
    }
    if (countWords(kept) >= 5 && countWords(kept) < countWords(text)) text = kept.replace(/[\s,;:]+$/, "");
  }
  text = capitalise(text.replace(/^[\s,;:]+/, "")).replace(/[\s,;:]+$/, "");
  if (!/[.!?…]$/.test(text)) text += ".";
  const same = (a: string) =>
    a
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  if (countWords(text) < 4 || same(text) === same(sentence)) return undefined;
  return text;
}
