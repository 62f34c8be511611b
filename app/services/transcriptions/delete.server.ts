import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { documents, transcriptions } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { notFound } from "../api.server";
import { log } from "../logger.server";
import { removeRecordingChunks } from "../recording-assembly.server";
import * as storage from "../storage.server";
import type { AuditStep } from "../audit.server";
import { releaseRecording } from "../usage.server";
import { accessFilter, type Access } from "./access.server";

export type DeletedTranscription = { id: string; userId: string; usageMonth: string; megabytes: number; minutes: number };

/**
 * Deletes the rows (segments, analysis, document, deliveries cascade) and gives the usage back
 * in one transaction; the audio and document files go only after the commit, so a rollback
 * never leaves rows pointing at missing files.
 */
export async function deleteTranscription(id: string | undefined, access: Access, audit?: AuditStep): Promise<DeletedTranscription> {
  if (!isUuid(id)) throw notFound();
  const { deleted, files } = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(transcriptions).where(accessFilter(id, access)).for("update");
    if (!row) throw notFound();
    const docs = await tx.select({ fileName: documents.fileName }).from(documents).where(eq(documents.transcriptionId, row.id));
    await tx.delete(transcriptions).where(eq(transcriptions.id, row.id));
    await releaseRecording(tx, row.userId, row.usageMonth, row.usageMegabytes, row.usageMinutes);
    await audit?.(tx);
    return {
      deleted: { id: row.id, userId: row.userId, usageMonth: row.usageMonth, megabytes: row.usageMegabytes, minutes: row.usageMinutes },
      files: [row.fileName, ...docs.map((d) => d.fileName)],
    };
  });
  await Promise.all([
    ...files.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, "[transcriptions] file non rimosso"))),
    // The chunks of a recording that was never finalized (decision 009).
    removeRecordingChunks(deleted.id),
  ]);
  return deleted;
}
