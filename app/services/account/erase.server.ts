import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { documents, orders, transcriptions, userSubscriptions, users } from "~/db/schema";
import { log } from "../logger.server";
import { removeRecordingChunks } from "../recording-assembly.server";
import * as storage from "../storage.server";

/**
 * Erasing a user (issue 32, decision 037), shared by «Elimina il mio account» and the admin's
 * user delete. The rows go in the caller's transaction; the stored files only after it commits
 * (`removeErasedFiles`), so a rollback never leaves rows pointing at missing files.
 */

export type ErasedUser = { userId: string; files: string[]; transcriptionIds: string[]; subscriptionsCancelled: number; ordersKept: number };

export async function eraseUserRows(tx: Executor, userId: string): Promise<ErasedUser> {
  const owned = await tx
    .select({ id: transcriptions.id, key: transcriptions.fileName })
    .from(transcriptions)
    .where(eq(transcriptions.userId, userId));
  const docs = await tx
    .select({ key: documents.fileName })
    .from(documents)
    .innerJoin(transcriptions, eq(transcriptions.id, documents.transcriptionId))
    .where(eq(transcriptions.userId, userId));
  const ids = owned.map((t) => t.id);
  if (ids.length > 0) {
    // Waiting jobs go; a running one finds its row gone and ends without error (as after a delete).
    const keys = ids.flatMap((id) => [`transcribe:${id}`, `analyze:${id}`, `live:${id}`]);
    await tx.execute(sql`select graphile_worker.remove_job(k) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k`);
  }
  const cancelled = await tx
    .update(userSubscriptions)
    .set({ status: "CANCELLED", isActive: false, cancelledAt: new Date() })
    .where(sql`${userSubscriptions.userId} = ${userId} and ${userSubscriptions.status} = 'ACTIVE'`)
    .returning({ id: userSubscriptions.id });
  // Payments stay for the accounts (decision 037); the user link goes with the row (ON DELETE SET NULL).
  const kept = await tx.update(orders).set({ paymentMethod: null }).where(eq(orders.userId, userId)).returning({ id: orders.id });
  const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
  // Rate-limit windows keyed by the e-mail ("login:email:…"), so a new account starts clean.
  if (user) await tx.execute(sql`delete from rate_limits where right(key, ${user.email.length + 1}) = ${`:${user.email.toLowerCase()}`}`);
  return {
    userId,
    files: [...owned.map((t) => t.key), ...docs.map((d) => d.key)],
    transcriptionIds: ids,
    subscriptionsCancelled: cancelled.length,
    ordersKept: kept.length,
  };
}

/** After the commit: every stored object of the erased user (audio, documents, chunks). */
export async function removeErasedFiles(erased: ErasedUser): Promise<void> {
  await Promise.all([
    ...erased.files.map((key) => storage.remove(key).catch((error: unknown) => log.error({ err: error, key }, "[account] file non rimosso"))),
    ...erased.transcriptionIds.map(removeRecordingChunks),
  ]);
}
