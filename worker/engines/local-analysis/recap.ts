/**
 * A chair's numbered recap at the end of a meeting: "Allora riepilogando. Uno: da lunedì il
 * promemoria si manda due giorni prima. Due: si chiede un acconto…". Each numbered point is a
 * decision, the one the minutes must keep even when the discussion before never settled it in so
 * many words; a point that only defers ("ne riparliamo a settembre") is none.
 */
import { POSTPONED } from "./decision-cues";
import type { Sentence } from "./sentences";
import { capitalise, fold } from "./text";

const RECAP =
  /\b(?:riepilogando|ricapitolando|riassumendo|ricapitoliamo|riepiloghiamo|riassumiamo|per riassumere|per ricapitolare|in sintesi|tiriamo le somme)\b/;
const NUMBER = "uno|due|tre|quattro|cinque|sei|sette|otto|primo|secondo|terzo|quarto|quinto|sesto|settimo|ottavo|\\d{1,2}";
// "Uno:", "Punto due,", "Secondo punto:", "3." opening the sentence, the point after it.
const POINT = new RegExp(String.raw`^(?:(?:e|poi|infine)[,]?\s+)?(?:punto\s+(?:${NUMBER})|(?:${NUMBER})(?:\s+punto)?)\s*[:.,)]\s*(.{8,})$`, "i");
const DEFERRED = /\bne\s+riparliamo\b|\brinviat[oa]\b|\bper ora no\b/;
// How far the points may run after the word that opens the recap, and apart from each other.
const RECAP_REACH = 3;
const POINT_GAP = 3;

/** The sentences that are points of a numbered recap, each with the decision it states (null: deferred, none). */
export function recapPoints(sentences: Sentence[]): Map<number, string | null> {
  const points = new Map<number, string | null>();
  let last = -Infinity;
  for (let i = 0; i < sentences.length; i++) {
    const text = sentences[i].text.trim();
    if (RECAP.test(fold(text))) last = i - POINT_GAP + RECAP_REACH;
    if (i - last > POINT_GAP) continue;
    const point = text.match(POINT);
    if (!point) continue;
    last = i;
    const folded = fold(point[1]);
    points.set(i, DEFERRED.test(folded) || POSTPONED.test(folded) ? null : capitalise(point[1].trim()));
  }
  return points;
}
