import { and, eq, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { notFound } from "../api.server";

/**
 * Every lookup of a recording goes through an Access: a user reaches only their own rows
 * (anything else is the same 404 as a missing id), the admin area passes { admin: true } and
 * shares the same code.
 */
export type Access = { userId: string } | { admin: true };

export type TranscriptionRow = typeof transcriptions.$inferSelect;

export function accessFilter(id: string, access: Access): SQL | undefined {
  return "userId" in access ? and(eq(transcriptions.id, id), eq(transcriptions.userId, access.userId)) : eq(transcriptions.id, id);
}

/** The transcription row, or a 404 when it is missing, not a UUID, or someone else's. */
export async function findTranscription(id: string | undefined, access: Access, db: Executor = getDb()): Promise<TranscriptionRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(transcriptions).where(accessFilter(id, access));
  if (!row) throw notFound();
  return row;
}
