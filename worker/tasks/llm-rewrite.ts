import { eq } from "drizzle-orm";
import type { Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { timedSegmentsOf } from "~/services/transcriptions/segments.server";
import { minutesPartStore } from "~/services/minutes-parts.server";
import { analyses, transcriptions } from "~/db/schema";
import { analysisResultSchema } from "~/lib/analysis";
import { log } from "~/services/logger.server";
import { getAnalysisEngine } from "../engines/index";
import { agendaOfMeeting } from "./analyze";
import { readPayload } from "./transcribe";

/**
 * Task `llm_rewrite` (issue 35): the local LLM's minutes of a transcription whose minutes the
 * extractive analyzer wrote first because the LLM would have taken over 5 minutes (stand_in
 * "slow"). They replace the extractive ones, unless the person corrected those meanwhile: then
 * they wait in analyses.llm_version, and the result page offers the choice. The transcription
 * stays COMPLETED whatever happens here; a failure leaves the extractive minutes in place.
 */
const llmRewrite: Task = async (payload, helpers) => {
  const { transcriptionId } = readPayload(payload);
  const db = getDb();
  const [before] = await db.select().from(analyses).where(eq(analyses.transcriptionId, transcriptionId));
  if (!before || before.status !== "COMPLETED" || before.standIn !== "slow") return;
  const [row] = await db
    .select({ language: transcriptions.language, meeting: transcriptions.meeting })
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  const segments = await timedSegmentsOf(transcriptionId, db);
  const engine = await getAnalysisEngine();
  const raw = await engine.analyze({
    segments,
    language: row?.language ?? "it",
    signal: helpers.abortSignal,
    waitForLlm: true,
    ...agendaOfMeeting(row?.meeting),
    parts: minutesPartStore(transcriptionId),
  });
  // The LLM could not write them after all: the extractive minutes stay, and say so.
  if (raw.producedBy) return;
  const parsed = analysisResultSchema.safeParse(raw);
  if (!parsed.success) {
    log.warn({ transcriptionId }, "[llm_rewrite] verbale del modello linguistico non valido: resta quello estrattivo");
    return;
  }
  const r = parsed.data;
  const version = {
    title: r.title.trim() || before.title || "",
    summary: r.summary,
    topics: r.topics,
    decisions: r.decisions,
    actionItems: r.actionItems,
    engine: engine.name,
    model: engine.model,
  };
  await db.transaction(async (tx) => {
    const [now] = await tx.select().from(analyses).where(eq(analyses.transcriptionId, transcriptionId)).for("update");
    // Analysed again meanwhile («Rigenera»): that analysis has the last word.
    if (!now || now.status !== "COMPLETED" || now.standIn !== "slow") return;
    if (now.original !== null) {
      await tx.update(analyses).set({ llmVersion: version }).where(eq(analyses.transcriptionId, transcriptionId));
      return;
    }
    const { engine: madeBy, model, ...minutes } = version;
    await tx
      .update(analyses)
      .set({ ...minutes, engine: madeBy, model, standIn: null, llmVersion: null, updatedAt: new Date() })
      .where(eq(analyses.transcriptionId, transcriptionId));
    await tx.update(transcriptions).set({ title: minutes.title }).where(eq(transcriptions.id, transcriptionId));
  });
};

export default llmRewrite;
