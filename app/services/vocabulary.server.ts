import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { EDIT_TEXT } from "~/lib/messages";
import { badRequest } from "./api.server";

/**
 * A user's vocabulary (issue 16): names, places and terms the speech engines should spell right.
 * Passed to whisper.cpp as --prompt and to OpenAI-compatible engines as `prompt` for the next
 * recordings (both read it as text that "came before" the audio, so its spellings win).
 */

export const VOCABULARY_MAX_ENTRIES = 200;
export const VOCABULARY_MAX_CHARS = 80;
/** whisper reads at most ~224 prompt tokens: a longer prompt is cut there anyway. */
const PROMPT_MAX_CHARS = 800;

/** One entry per line (commas and semicolons separate too); blanks and repeats dropped; 400 beyond the limits. */
export function parseVocabulary(text: string): string[] {
  const entries = [
    ...new Set(
      text
        .split(/[\r\n;,]+/)
        .map((e) => e.replace(/\s+/g, " ").trim())
        .filter(Boolean),
    ),
  ];
  if (entries.length > VOCABULARY_MAX_ENTRIES) throw badRequest(EDIT_TEXT.vocabularyTooMany(VOCABULARY_MAX_ENTRIES));
  if (entries.some((e) => e.length > VOCABULARY_MAX_CHARS)) throw badRequest(EDIT_TEXT.vocabularyTooLong(VOCABULARY_MAX_CHARS));
  return entries;
}

export async function getVocabulary(userId: string): Promise<string[]> {
  const [row] = await getDb().select({ vocabulary: users.vocabulary }).from(users).where(eq(users.id, userId));
  return row?.vocabulary ?? [];
}

export async function saveVocabulary(userId: string, text: string): Promise<string[]> {
  const entries = parseVocabulary(text);
  await getDb().update(users).set({ vocabulary: entries }).where(eq(users.id, userId));
  return entries;
}

/** The prompt the engines receive: a short Italian sentence listing the terms (undefined when none). */
export function vocabularyPrompt(entries: string[]): string | undefined {
  if (entries.length === 0) return undefined;
  let prompt = "Glossario della riunione:";
  for (const [i, entry] of entries.entries()) {
    const next = `${prompt}${i === 0 ? " " : ", "}${entry}`;
    if (next.length > PROMPT_MAX_CHARS) break;
    prompt = next;
  }
  return `${prompt}.`;
}
