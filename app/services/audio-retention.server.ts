import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { transcriptions, usageMonths } from "~/db/schema";
import { log } from "./logger.server";
import { removeRecordingChunks } from "./recording-assembly.server";
import * as storage from "./storage.server";

/**
 * Audio retention (issue 32): the audio goes once the plan's «Conserva l'audio per (giorni)» has
 * passed since the recording, or as soon as the minutes are ready when the user asked for it
 * («Elimina l'audio quando il verbale è pronto»). Transcript, minutes and document stay; the
 * megabytes go back to the month's usage (the recording itself still counts as one).
 */

const BATCH = 200;

type Due = { id: string; user_id: string; file_name: string; usage_month: string; usage_megabytes: number };

/** Deletes the audio that is due at `now` (the worker passes the clock; tests move it). Returns the ids. */
export async function expireAudio(now: Date = new Date()): Promise<string[]> {
  const db = getDb();
  const at = now.toISOString();
  const expired: string[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        select t.id, t.user_id, t.file_name, t.usage_month::text as usage_month, t.usage_megabytes
        from transcriptions t
        join users u on u.id = t.user_id
        left join lateral (
          select st.audio_retention_days as days
          from user_subscriptions us join subscription_types st on st.id = us.subscription_type_id
          where us.user_id = t.user_id and us.is_active and us.start_date <= ${at}::timestamptz and us.end_date >= ${at}::timestamptz
            and (us.is_paid is null or us.is_paid)
          order by us.created_at desc limit 1
        ) plan on true
        where t.audio_deleted_at is null
          and ((u.delete_audio_when_ready and t.status = 'COMPLETED')
            or (plan.days is not null and t.status in ('COMPLETED', 'FAILED') and t.created_at < ${at}::timestamptz - make_interval(days => plan.days)))
        order by t.created_at
        limit ${BATCH}
        for update of t skip locked`)) as unknown as Due[];
      for (const row of due) {
        await tx.update(transcriptions).set({ audioDeletedAt: now, usageMegabytes: 0 }).where(eq(transcriptions.id, row.id));
        await tx
          .update(usageMonths)
          .set({ megabytesUsed: sql`greatest(${usageMonths.megabytesUsed} - ${row.usage_megabytes}, 0)` })
          .where(and(eq(usageMonths.userId, row.user_id), eq(usageMonths.month, row.usage_month)));
      }
      return due;
    });
    // Files only after the commit: a rollback never leaves a row whose audio is gone unmarked.
    await Promise.all(
      done.map(async (row) => {
        await storage.remove(row.file_name).catch((error: unknown) => log.error({ err: error, key: row.file_name }, "[retention] audio non rimosso"));
        await removeRecordingChunks(row.id);
      }),
    );
    expired.push(...done.map((row) => row.id));
    if (done.length < BATCH) return expired;
  }
}
