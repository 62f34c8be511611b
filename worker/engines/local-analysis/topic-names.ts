/**
 * Topic names: the agenda's own words for an announced item, else the terms a topic uses most that
 * the others use least, joined into phrases as they are said ("smart working").
 */
import { soundsLikeFirstName } from "./names";
import { contentWord } from "./agenda";
import { textRank } from "./textrank";
import { isQuantity, isTimeWord } from "./stopwords";
import { capitalise, fold } from "./text";
import type { Vocabulary } from "./tfidf";
import { quality, type Topic } from "./topic-model";

/**
 * An announced name with one content word gets the topic's own lead term when it adds something:
 * "Mozione" -> "Mozione: mensa".
 */
export function withLeadTerm(topic: Topic, vocabulary: Vocabulary): string {
  const name = topic.announced!;
  const content = name.split(/\s+/).filter(contentWord);
  if (content.length >= 2 || topic.terms.length === 0) return name;
  const lead = vocabulary.display(topic.terms[0]);
  if (fold(name).includes(fold(lead).slice(0, Math.max(4, lead.length - 2)))) return name;
  return `${name}: ${lead}`;
}

// Word endings of verb forms: verbs make poor topic names ("Lavorare e decidere").
// An infinitive with its pronoun joined ("chiedervi", "farlo") is a verb too; so are most long words
// in "-ete/-ite" (the "voi" form: "chiudete", "sentite"), also with its pronouns ("mandatemeli").
const VERB_ENDING =
  /(?:are|ere|ire|ando|endo|iamo|iate|avano|evano|ivano|ebbe|ebbero|eremo|eranno|eremmo|(?:ar|er|ir)(?:mi|ti|ci|vi|si|lo|la|li|le|ne|gliel[oaie])|(?:ate|ete|ite)(?:mi|ci|gli|l[oaie]|ne|mel[oaie]|cel[oaie]|gliel[oaie])|\p{L}{3}(?:rei|resti|rebbe)|\p{L}{4}(?:ete|ite))$/u;

// An auxiliary, an unambiguous clitic or "non" before a word makes it a verb: "ho trovato", "si
// lamentano", "ci vediamo", "non arriva" ("lo", "la", "le" are articles as often as clitics).
const BEFORE_VERB = new Set(
  "mi ti ci vi si ne non ho hai ha abbiamo avete hanno avevo aveva avevamo avevano è sono siamo siete sei ero era eravamo erano".split(" "),
);

/** The words mostly said as verbs in these sentences (folded). */
function verbsIn(sentences: { text: string }[]): Set<string> {
  const all = new Map<string, number>();
  const asVerb = new Map<string, number>();
  for (const s of sentences) {
    const tokens = fold(s.text).split(/[^\p{L}']+/u);
    tokens.forEach((t, k) => {
      all.set(t, (all.get(t) ?? 0) + 1);
      const pair = k > 1 && /^(?:me|te|ce|ve|se)$/.test(tokens[k - 2]) && /^(?:lo|la|li|le|ne)$/.test(tokens[k - 1]);
      if ((k > 0 && (BEFORE_VERB.has(tokens[k - 1]) || /^glie/.test(tokens[k - 1]))) || pair) asVerb.set(t, (asVerb.get(t) ?? 0) + 1);
      // "lo mando io", "la scrivo io": the speaker's own verb before "io".
      if (tokens[k + 1] === "io" && /o$/.test(t) && k > 0 && /^(?:lo|la|li|le|ne|ci)$/.test(tokens[k - 1])) asVerb.set(t, (asVerb.get(t) ?? 0) + 1);
    });
  }
  return new Set([...asVerb].filter(([t, n]) => n * 2 >= all.get(t)!).map(([t]) => t));
}

// A verb names a topic only when nothing else does ("Manca e arriva" for "Manca Franco, sta arrivando").
const VERB_WEIGHT = 0.3;
const OPENING_BOOST = 1.5;
const THEME_BOOST = 1.6;

/** Each topic is named after the terms it uses most that the other topics use least. */
export function nameTopics(topics: Topic[], vocabulary: Vocabulary) {
  const perTopic = topics.map((t) => {
    const counts = new Map<number, number>();
    const spread = new Map<number, number>();
    for (const s of t.sentences) {
      for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const id of new Set(s.terms)) spread.set(id, (spread.get(id) ?? 0) + 1);
    }
    return { counts, spread };
  });
  const topicFrequency = new Map<number, number>();
  for (const { counts } of perTopic) for (const id of counts.keys()) topicFrequency.set(id, (topicFrequency.get(id) ?? 0) + 1);

  // Terms said before each topic began.
  const said = new Set<number>();
  topics.forEach((topic, i) => {
    const { counts, spread } = perTopic[i];
    // Speakers name a new subject when they open it: terms of the topic's first statements count more.
    const statements = topic.sentences.filter((s) => !s.formality && s.terms.length > 0);
    const opening = new Set(statements.slice(0, 2).flatMap((s) => s.terms));
    // …and the first new word of the first statement most of all: Italian puts the theme first
    // ("La sagra delle castagne quest'anno si fa comunque, lo ha confermato la pro loco").
    const theme = statements[0]?.terms.find((id) => !said.has(id));
    const verbs = verbsIn(topic.sentences);
    for (const s of topic.sentences) for (const id of s.terms) said.add(id);
    // A term said once is an accident; in a topic of several sentences ask for two sentences.
    const minSpread = topic.sentences.length >= 5 ? 2 : 1;
    const scored = [...counts]
      .filter(([id]) => (spread.get(id) ?? 0) >= minSpread || opening.has(id))
      .map(([id, count]) => {
        const word = vocabulary.display(id);
        let score = count * Math.log(1 + topics.length / topicFrequency.get(id)!);
        const verb = (VERB_ENDING.test(word.toLowerCase()) && word.length >= 6) || verbs.has(fold(word));
        if (verb) score *= VERB_WEIGHT;
        if (isQuantity(fold(word)) || isTimeWord(fold(word))) score *= 0.1;
        // A first name, however spelt, says who spoke, not what about («Ellena» for «Elena»).
        if (soundsLikeFirstName(fold(word))) score *= VERB_WEIGHT;
        if (opening.has(id)) score *= OPENING_BOOST;
        if (id === theme) score *= THEME_BOOST;
        // Longer words are more often the nouns that carry the subject.
        score *= Math.min(1.3, 0.7 + word.length / 15);
        return { id, word, score, verb };
      })
      .sort((a, b) => b.score - a.score || a.id - b.id);
    const chosen = scored.slice(0, 1);
    for (const candidate of scored.slice(1)) {
      if (chosen.length >= 3) break;
      const need = chosen.length === 1 ? 0.3 : 0.7;
      if (candidate.score < need * chosen[0].score) break;
      // A verb names a topic alone or not at all: «Riunione e iniziamo» says less than «Riunione».
      if (candidate.verb && !chosen[0].verb) continue;
      chosen.push(candidate);
    }
    topic.terms = chosen.map((c) => c.id);
    topic.name = chosen.length ? capitalise(joinItalian(phrases(chosen, vocabulary))) : "Discussione";
  });
}

/**
 * Terms that are mostly said together become one phrase, in their spoken order: "smart" and
 * "working" give "smart working", not "working e smart".
 */
export function phrases(chosen: { id: number; word: string }[], vocabulary: Vocabulary): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  for (const a of chosen) {
    if (used.has(a.id)) continue;
    let phrase = a.word;
    for (const b of chosen) {
      if (b.id === a.id || used.has(b.id)) continue;
      const together = (x: number, y: number) => {
        const n = vocabulary.pairCount(x, y);
        return n >= 2 && n * 2 >= Math.min(vocabulary.total(x), vocabulary.total(y));
      };
      if (together(a.id, b.id)) phrase = `${phrase} ${b.word}`;
      else if (together(b.id, a.id)) phrase = `${b.word} ${phrase}`;
      else continue;
      used.add(b.id);
      break;
    }
    used.add(a.id);
    out.push(phrase);
  }
  return out;
}

/** "a", "a e b", "a, b e c" — "ed" before a word that starts with "e" ("radio ed emergenza"). */
export function joinItalian(items: string[]): string {
  if (items.length <= 1) return items.join("");
  const last = items[items.length - 1];
  return `${items.slice(0, -1).join(", ")} ${/^[eèé]/iu.test(last) ? "ed" : "e"} ${last}`;
}

/** Two neighbouring topics led by the same term were one subject cut in two: join them. */
export function mergeSameNamed(topics: Topic[], vocabulary: Vocabulary): Topic[] {
  const out: Topic[] = [];
  let merged = false;
  for (const topic of topics) {
    const last = out[out.length - 1];
    if (last && last.terms.length && last.terms[0] === topic.terms[0]) {
      last.to = topic.to;
      last.sentences = [...last.sentences, ...topic.sentences];
      merged = true;
    } else out.push(topic);
  }
  if (merged) {
    // Scores were relative to the old topic sizes; rank the joined sentences again.
    for (const topic of out) {
      const scores = textRank(topic.sentences.map((s) => s.vector));
      topic.sentences.forEach((s, i) => {
        s.score = scores[i];
        s.relative = scores[i] * topic.sentences.length * quality(s);
      });
    }
    nameTopics(out, vocabulary);
  }
  return out;
}

/** The terms that name a topic: those of its announced name, else of its computed name. */
export function subjectTerms(topic: Topic, vocabulary: Vocabulary): Set<number> {
  if (topic.announced) {
    const ids = vocabulary.peek(topic.announced);
    if (ids.length) return new Set(ids);
  }
  return new Set(topic.terms);
}
