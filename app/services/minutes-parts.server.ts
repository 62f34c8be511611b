import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { minutesParts } from "~/db/schema";

/**
 * The local LLM's map step of each part of a transcript (issue 35, table minutes_parts): written
 * while the meeting runs, read back at «Invia». A part is found only with the same place, the same
 * words (their hash) and the same model; any other answer is redone and overwrites it.
 */
export function minutesPartStore(transcriptionId: string) {
  const db = getDb();
  return {
    async get(position: number, wordsHash: string, model: string): Promise<unknown> {
      const [row] = await db
        .select({ result: minutesParts.result })
        .from(minutesParts)
        .where(
          and(
            eq(minutesParts.transcriptionId, transcriptionId),
            eq(minutesParts.position, position),
            eq(minutesParts.wordsHash, wordsHash),
            eq(minutesParts.model, model),
          ),
        );
      return row?.result;
    },
    async put(position: number, wordsHash: string, model: string, result: object): Promise<void> {
      const values = { wordsHash, model, result: result as Record<string, unknown> };
      await db
        .insert(minutesParts)
        .values({ transcriptionId, position, ...values })
        .onConflictDoUpdate({ target: [minutesParts.transcriptionId, minutesParts.position], set: { ...values, createdAt: new Date() } });
    },
  };
}

/** The topics of the parts done so far, in the order they were said (the live view's «Verbale in corso»). */
export async function liveMinutesTopics(transcriptionId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ result: minutesParts.result })
    .from(minutesParts)
    .where(eq(minutesParts.transcriptionId, transcriptionId))
    .orderBy(asc(minutesParts.position));
  return rows
    .flatMap((r) => ((r.result as { argomenti?: { nome?: unknown }[] }).argomenti ?? []).map((a) => String(a.nome ?? "").trim()))
    .filter(Boolean);
}
