/**
 * A light Italian stemmer: it conflates the inflections that matter for counting what a meeting
 * talks about (singular/plural, masculine/feminine, infinitive/noun, -mente adverbs) and leaves
 * derivation alone, because aggressive stemming merges unrelated words ("mercato", "merce") and
 * topic names are built back from the stems.
 */
import { fold } from "./text";

const VOWEL = /[aeiou]$/;

export function stem(word: string): string {
  let w = fold(word);
  if (w.length <= 3 || /\d/.test(w)) return w;

  // "velocemente" -> "veloce" -> "veloc", the same stem as the adjective.
  if (w.length >= 9 && w.endsWith("mente")) w = w.slice(0, -5);

  // Verb infinitives and gerunds reach the noun's stem: "lavorare"/"lavoro", "prendendo"/"prendo".
  // The stem must keep four letters so that "mare", "sera", "dire" are not reduced to nothing.
  for (const suffix of ["ando", "endo", "are", "ere", "ire"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }

  // The hard c/g keeps its h only in the plural: "banca"/"banche", "luogo"/"luoghi".
  if (/[cg]h[ie]$/.test(w)) return w.slice(0, -2);
  // -io/-ia/-ie/-ii lose both vowels so "studio"/"studi", "energia"/"energie" meet.
  if (/i[aeio]$/.test(w) && w.length >= 5) return w.slice(0, -2);
  // "idea"/"idee".
  if (/e[ae]$/.test(w) && w.length >= 5) return w.slice(0, -2);
  if (VOWEL.test(w) && w.length >= 4) return w.slice(0, -1);
  return w;
}
