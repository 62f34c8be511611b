import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { analyses, transcriptions } from "~/db/schema";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import { ApiError, notFound } from "./api.server";

/**
 * The queue side of the pipeline, shared by the upload, the result page, the admin retry and
 * the worker tasks. Jobs are added with graphile_worker.add_job inside the caller's transaction,
 * so a row and its job exist together or not at all.
 */

/** Attempts per job: graphile-worker waits exp(attempt) seconds between them (≈3 s, then 7 s). */
export const PIPELINE_MAX_ATTEMPTS = 3;

export type PipelineJob = "transcribe" | "analyze" | "llm_rewrite" | "llm_live_parts";

async function addJob(db: Executor, task: PipelineJob, transcriptionId: string): Promise<void> {
  // job_key per transcription and task: adding again replaces a waiting job instead of doubling it.
  await db.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    json_build_object('transcriptionId', ${transcriptionId}::text),
    max_attempts => ${PIPELINE_MAX_ATTEMPTS}::int,
    job_key => ${`${task}:${transcriptionId}`}::text
  )`);
}

/** Queues the transcription of a freshly inserted row (call inside the upload transaction). */
export async function enqueueTranscription(tx: Executor, transcriptionId: string): Promise<void> {
  await addJob(tx, "transcribe", transcriptionId);
}

export async function enqueueAnalysis(tx: Executor, transcriptionId: string): Promise<void> {
  await addJob(tx, "analyze", transcriptionId);
}

/** Issue 35: the map step of the live transcript's complete parts (one waiting job per recording). */
export async function enqueueLlmLiveParts(tx: Executor, transcriptionId: string): Promise<void> {
  await addJob(tx, "llm_live_parts", transcriptionId);
}

/** Issue 35: the local LLM's version of minutes the extractive analyzer wrote first ("slow"). */
export async function enqueueLlmRewrite(tx: Executor, transcriptionId: string): Promise<void> {
  await addJob(tx, "llm_rewrite", transcriptionId);
}

/**
 * Admin retry: only a FAILED transcription goes back to the queue. When its text is already
 * there (the analysis failed), only the analysis runs again.
 */
export async function retryTranscription(id: string, db: Executor = getDb()): Promise<{ id: string; job: PipelineJob }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: transcriptions.status, text: transcriptions.text })
      .from(transcriptions)
      .where(eq(transcriptions.id, id))
      .for("update");
    if (!row) throw notFound();
    if (row.status !== "FAILED") throw new ApiError(409, PIPELINE_ERRORS.notFailed);
    const job: PipelineJob = row.text !== null ? "analyze" : "transcribe";
    await tx
      .update(transcriptions)
      .set({ status: "PENDING", stage: "queued", progress: job === "analyze" ? 85 : 0, errorMessage: null, failureReason: null, completedAt: null })
      .where(eq(transcriptions.id, id));
    await addJob(tx, job, id);
    return { id, job };
  });
}

/** POST /api/analyze/:id: re-runs the analysis of the owner's completed transcription. */
export async function reanalyzeTranscription(userId: string, id: string, db: Executor = getDb()): Promise<{ status: "PENDING" }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: transcriptions.status })
      .from(transcriptions)
      .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)))
      .for("update");
    if (!row) throw notFound();
    if (row.status !== "COMPLETED") throw new ApiError(409, PIPELINE_ERRORS.notCompleted);
    await tx
      .update(transcriptions)
      .set({ status: "PENDING", stage: "queued", progress: 85, errorMessage: null, failureReason: null })
      .where(eq(transcriptions.id, id));
    await tx.update(analyses).set({ status: "PENDING" }).where(eq(analyses.transcriptionId, id));
    await addJob(tx, "analyze", id);
    return { status: "PENDING" as const };
  });
}

export type PipelineProgressData = {
  status: "RECORDING" | "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  stage: string | null;
  progress: number;
  errorMessage: string | null;
};

/** The live progress of the owner's transcription; anyone else gets 404. */
export async function getTranscriptionProgress(userId: string, id: string, db: Executor = getDb()): Promise<PipelineProgressData> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      status: transcriptions.status,
      stage: transcriptions.stage,
      progress: transcriptions.progress,
      errorMessage: transcriptions.errorMessage,
    })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/**
 * Server-sent events: one "progress" event now and one on every change (the row is read once a
 * second), closed after COMPLETED or FAILED or when the client goes away.
 */
export function progressEventStream(userId: string, id: string, first: PipelineProgressData, signal: AbortSignal, intervalMs = 1000): Response {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = "";
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        if (timer) clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const send = (data: PipelineProgressData) => {
        const payload = JSON.stringify(data);
        if (payload !== last) {
          last = payload;
          controller.enqueue(encoder.encode(`event: progress\ndata: ${payload}\n\n`));
        }
        return data.status === "COMPLETED" || data.status === "FAILED";
      };
      signal.addEventListener("abort", close);
      const tick = async () => {
        if (closed) return;
        try {
          const data = await getTranscriptionProgress(userId, id);
          if (closed) return;
          if (send(data)) return close();
          // A comment line keeps proxies from closing an idle stream.
          controller.enqueue(encoder.encode(": ping\n\n"));
        } catch {
          return close();
        }
        timer = setTimeout(tick, intervalMs);
      };
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      if (send(first)) return close();
      timer = setTimeout(tick, intervalMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
