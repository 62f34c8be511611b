import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { liveView, type LiveState, type LiveView } from "~/lib/live-transcript";
import { notFound } from "./api.server";
import { liveMinutesTopics } from "./minutes-parts.server";
import { requireApiVerifiedUser } from "./session.server";
import { isUuid } from "~/lib/uuid";

/**
 * The live transcript of a recording in progress (issue 17, decision 010). Each stored chunk
 * (re)queues the recording's one `live_transcribe` job; the job transcribes one window of what
 * has arrived and writes the result into transcriptions.live, which the recorder polls.
 */

/** Below the pipeline's jobs (priority 0): a sent recording's tail and analysis go first. */
export const LIVE_JOB_PRIORITY = 10;
/** A chunk arrives every second; waiting a little lets a window gather several of them. */
const LIVE_JOB_DELAY_SECONDS = 1;

/**
 * One job per recording (job_key), its run time kept when chunks keep arriving: recordings take
 * turns in the order their audio arrived, one window each (round robin, decision 010).
 */
export async function enqueueLiveTranscription(db: Executor, transcriptionId: string, delaySeconds = LIVE_JOB_DELAY_SECONDS): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    'live_transcribe'::text,
    json_build_object('transcriptionId', ${transcriptionId}::text),
    run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
    max_attempts => 1,
    priority => ${LIVE_JOB_PRIORITY}::int,
    job_key => ${`live:${transcriptionId}`}::text,
    job_key_mode => 'preserve_run_at'
  )`);
}

/** Live windows running in this process, by recording (at most one each: one job per recording). */
const runningWindows = new Map<string, AbortController>();

/** The signal of one live window: aborted at shutdown (`outer`) or when its recording is sent. */
export function startLiveWindow(transcriptionId: string, outer?: AbortSignal): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController();
  runningWindows.set(transcriptionId, controller);
  return {
    signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
    end: () => {
      if (runningWindows.get(transcriptionId) === controller) runningWindows.delete(transcriptionId);
    },
  };
}

/**
 * «Invia»: a window of this recording still running here would hold the worker and the local copy
 * of the recording while the final pass waits for both (a whole window of a slow model); the
 * final pass hears that audio anyway.
 */
export function stopLiveWindow(transcriptionId: string): void {
  runningWindows.get(transcriptionId)?.abort();
}

/** GET /api/recordings/:id/live: the owner's live transcript; anyone else's id answers 404. */
export async function readLiveTranscript(request: Request, id: string | undefined): Promise<LiveView> {
  const user = await requireApiVerifiedUser(request);
  if (!isUuid(id)) throw notFound();
  const [row] = await getDb()
    .select({
      status: transcriptions.status,
      live: transcriptions.live,
      duration: transcriptions.duration,
      chunksReceived: transcriptions.chunksReceived,
    })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, user.id)));
  if (!row) throw notFound();
  const view = liveView(row.status, (row.live as LiveState | null) ?? null, row.duration ?? row.chunksReceived);
  return { ...view, minutesSoFar: await liveMinutesTopics(id) };
}
