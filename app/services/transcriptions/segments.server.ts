import { asc, eq } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { transcriptionSegments } from "~/db/schema";
import type { TimedSegment } from "~/lib/analysis";

/**
 * A transcription's segments in order, with their speakers (the channels' or the diarization's
 * labels, or the names a user gave): what the analysis engines read and the data export writes.
 */
export async function timedSegmentsOf(transcriptionId: string, db: Executor = getDb()): Promise<TimedSegment[]> {
  return db
    .select({
      start: transcriptionSegments.start,
      end: transcriptionSegments.end,
      text: transcriptionSegments.text,
      speaker: transcriptionSegments.speaker,
    })
    .from(transcriptionSegments)
    .where(eq(transcriptionSegments.transcriptionId, transcriptionId))
    .orderBy(asc(transcriptionSegments.position));
}
