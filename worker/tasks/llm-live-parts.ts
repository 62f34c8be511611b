import { eq } from "drizzle-orm";
import type { Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import type { LiveState } from "~/lib/live-transcript";
import { getConfig } from "~/services/config.server";
import { minutesPartStore } from "~/services/minutes-parts.server";
import { enqueueLlmLiveParts } from "~/services/pipeline.server";
import { getAnalysisEngine } from "../engines/index";
import { agendaOfMeeting } from "./analyze";
import { readPayload } from "./transcribe";

/**
 * Task `llm_live_parts` (issue 35): while a meeting is recorded, the local LLM's map step of
 * each part of the live transcript whose words are all final (every part but the last), kept in
 * minutes_parts; at «Invia» the analysis asks only for the last part and the title and summary.
 * Runs in the LLM's own lane (runner.ts), so the live windows never wait for it. Best effort: a
 * failure only means the analysis does that part after «Invia».
 */
const llmLiveParts: Task = async (payload, helpers) => {
  const { transcriptionId } = readPayload(payload);
  const [row] = await getDb()
    .select({ status: transcriptions.status, live: transcriptions.live, language: transcriptions.language, meeting: transcriptions.meeting })
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  // After «Invia» the analysis itself does what is left (two model runs at once would halve both).
  const live = row?.live as LiveState | null | undefined;
  if (!row || row.status !== "RECORDING" || !live?.segments.length) return;
  const engine = await getAnalysisEngine();
  const { LocalLlmAnalysisEngine } = await import("../engines/llm/engine");
  if (!(engine instanceof LocalLlmAnalysisEngine)) return;
  try {
    await engine.mapCompleteParts({
      segments: live.segments,
      language: row.language ?? live.language ?? "it",
      signal: helpers.abortSignal,
      // The same agenda as at «Invia», so the parts are asked the same question and reused.
      ...agendaOfMeeting(row.meeting),
      parts: minutesPartStore(transcriptionId),
    });
  } catch (error) {
    if (helpers.abortSignal?.aborted) throw error;
    helpers.logger.warn(`minutes of the live parts of ${transcriptionId} skipped (${error instanceof Error ? error.message : String(error)})`);
  }
};

/** After a live window: queue the parts' map step when the local LLM writes the minutes and LLM_LIVE_PARTS is on. */
export async function enqueueLiveParts(transcriptionId: string): Promise<void> {
  const config = getConfig();
  if (config.ANALYSIS_ENGINE !== "local" || config.LLM_LIVE_PARTS === "off") return;
  await enqueueLlmLiveParts(getDb(), transcriptionId);
}

export default llmLiveParts;
