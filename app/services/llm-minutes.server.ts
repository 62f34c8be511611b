import { and, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { analyses, transcriptions, type AnalysisOriginal } from "~/db/schema";
import { LLM_TEXT } from "~/lib/llm-messages";
import { isUuid } from "~/lib/uuid";
import { ApiError, notFound } from "./api.server";
import { getConfig } from "./config.server";
import { readLlmStatus, type LlmStandIn } from "./llm-status.server";

/**
 * The person's choice between the minutes they corrected and the local LLM's version that came
 * after (issue 35, analyses.llm_version): "use" makes the LLM's version the minutes (and the
 * engine's original, for «Ripristina originale»), "keep" drops it. Owner only; anything else 404.
 */
export async function chooseLlmVersion(userId: string, id: string | undefined, choice: "use" | "keep", db: Executor = getDb()): Promise<void> {
  if (!id || !isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ analysis: analyses })
      .from(analyses)
      .innerJoin(transcriptions, eq(transcriptions.id, analyses.transcriptionId))
      .where(and(eq(analyses.transcriptionId, id), eq(transcriptions.userId, userId)))
      .for("update");
    if (!row) throw notFound();
    const version = row.analysis.llmVersion;
    if (!version) throw new ApiError(409, LLM_TEXT.noVersion);
    if (choice === "keep") {
      await tx.update(analyses).set({ llmVersion: null }).where(eq(analyses.transcriptionId, id));
      return;
    }
    const { engine, model, ...minutes } = version;
    await tx
      .update(analyses)
      .set({ ...minutes, engine, model, original: null, standIn: null, llmVersion: null, updatedAt: new Date() })
      .where(eq(analyses.transcriptionId, id));
    await tx.update(transcriptions).set({ title: minutes.title }).where(eq(transcriptions.id, id));
  });
}

export type LlmMinutesState = {
  standIn: LlmStandIn | null;
  /** True when the model is downloaded: «Rigenera con il modello linguistico» may be offered. */
  modelReady: boolean;
  version: (AnalysisOriginal & { engine: string; model: string }) | null;
};

/** What the result page says about the local LLM for these minutes. */
export function llmMinutesState(a: Pick<typeof analyses.$inferSelect, "standIn" | "llmVersion">): LlmMinutesState {
  const standIn = (a.standIn as LlmStandIn | null) ?? null;
  return {
    standIn,
    modelReady: standIn !== null && readLlmStatus(getConfig().DATA_DIR)?.state === "ready",
    version: a.llmVersion ?? null,
  };
}
