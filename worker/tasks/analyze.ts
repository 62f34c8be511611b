import { eq } from "drizzle-orm";
import type { JobHelpers, Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { timedSegmentsOf } from "~/services/transcriptions/segments.server";
import { minutesPartStore } from "~/services/minutes-parts.server";
import { analyses, transcriptions } from "~/db/schema";
import { analysisResultSchema, titleFromSentence } from "~/lib/analysis";
import type { MeetingDetails } from "~/lib/meeting";
import { splitText } from "../engines/local-analysis/sentences";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { enqueueLlmRewrite } from "~/services/pipeline.server";
import { getAnalysisEngine } from "../engines/index";
import { UserFacingError } from "../engines/types";
import { handleFailure, readPayload } from "./transcribe";
import { withHeartbeat } from "./unlock-stale-jobs";

/**
 * Task `analyze`: the analysis engine reads the timed segments and returns title, summary,
 * topics, decisions and action items, validated against the one shared schema; saved in `analyses`, then COMPLETED.
 */

const ANALYZING_PERCENT = 90;

function nameWithoutExtension(name: string): string {
  return name.replace(/\.[a-z0-9]{1,5}$/i, "").trim();
}

/** The meeting's agenda for the engine (issue 31): with it the minutes follow the items in order. */
export function agendaOfMeeting(meeting: MeetingDetails | null | undefined): { agenda?: string[] } {
  return meeting?.agenda?.length ? { agenda: meeting.agenda } : {};
}

async function runAnalysis(transcriptionId: string, _helpers: JobHelpers, signal: AbortSignal): Promise<void> {
  const db = getDb();
  const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, transcriptionId));
  if (!row) return;
  await db
    .update(transcriptions)
    .set({ status: "PROCESSING", stage: "analyzing", progress: ANALYZING_PERCENT, errorMessage: null })
    .where(eq(transcriptions.id, transcriptionId));
  await db
    .insert(analyses)
    .values({ transcriptionId, status: "PROCESSING" })
    .onConflictDoUpdate({ target: analyses.transcriptionId, set: { status: "PROCESSING" } });

  const segments = await timedSegmentsOf(transcriptionId, db);

  const engine = await getAnalysisEngine();
  // Nothing was said: no engine call, an empty analysis, the file name as title.
  let lastWrite = 0;
  // A first analysis with the local LLM may download its model: the bar moves from 90 to 99 %.
  const onProgress = (fraction: number) => {
    if (Date.now() - lastWrite < 1000) return;
    lastWrite = Date.now();
    const progress = ANALYZING_PERCENT + Math.floor(Math.min(1, Math.max(0, fraction)) * 9);
    void db
      .update(transcriptions)
      .set({ progress })
      .where(eq(transcriptions.id, transcriptionId))
      .catch(() => {});
  };
  const raw =
    segments.length === 0
      ? { title: "", summary: "", topics: [] }
      : await engine.analyze({
          segments,
          language: row.language ?? "it",
          signal,
          onProgress,
          ...agendaOfMeeting(row.meeting),
          parts: minutesPartStore(transcriptionId),
        });
  // The engine that actually made the minutes (the local LLM hands over to the extractive analyzer without its model).
  const madeBy = ("producedBy" in raw && raw.producedBy) || { name: engine.name, model: engine.model };
  const standIn = ("standIn" in raw && raw.standIn) || null;
  const parsed = analysisResultSchema.safeParse(raw);
  if (!parsed.success) {
    throw Object.assign(new UserFacingError(PIPELINE_ERRORS.analysisInvalid), {
      cause: new Error(`analysis schema: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`),
    });
  }
  const result = parsed.data;
  const title = result.title.trim() || titleFromSentence(splitText(row.text ?? "")[0]?.text ?? "") || nameWithoutExtension(row.originalName);

  const saved = {
    title,
    summary: result.summary,
    topics: result.topics,
    decisions: result.decisions,
    actionItems: result.actionItems,
    engine: madeBy.name,
    model: madeBy.model,
    // Fresh minutes: the hand corrections of the previous ones no longer apply (issue 31).
    original: null,
    standIn,
    llmVersion: null,
  };
  signal.throwIfAborted();
  await db.transaction(async (tx) => {
    await tx
      .insert(analyses)
      .values({ transcriptionId, status: "COMPLETED", ...saved })
      .onConflictDoUpdate({ target: analyses.transcriptionId, set: { status: "COMPLETED", ...saved, updatedAt: new Date() } });
    await tx
      .update(transcriptions)
      .set({ status: "COMPLETED", title, stage: "completed", progress: 100, completedAt: new Date(), errorMessage: null, failureReason: null })
      .where(eq(transcriptions.id, transcriptionId));
    // Too slow on this machine to wait for: the extractive minutes now, the LLM's when ready.
    if (standIn === "slow") await enqueueLlmRewrite(tx, transcriptionId);
  });
}

const analyze: Task = async (payload, helpers) => {
  const { transcriptionId } = readPayload(payload);
  try {
    await withHeartbeat(helpers, (signal) => runAnalysis(transcriptionId, helpers, signal));
  } catch (error) {
    await handleFailure(helpers, transcriptionId, error, PIPELINE_ERRORS.analysis);
    if (helpers.job.attempts >= helpers.job.max_attempts || (error instanceof UserFacingError && !error.retryable)) {
      await getDb().update(analyses).set({ status: "FAILED" }).where(eq(analyses.transcriptionId, transcriptionId));
    }
  }
};

export default analyze;
