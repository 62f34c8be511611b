import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";

/** The privacy part of /settings (issue 32): what the page shows and the audio setting. */

export async function getPrivacySettings(userId: string): Promise<{ hasPassword: boolean; deleteAudioWhenReady: boolean }> {
  const [row] = await getDb()
    .select({ passwordHash: users.passwordHash, deleteAudioWhenReady: users.deleteAudioWhenReady })
    .from(users)
    .where(eq(users.id, userId));
  return { hasPassword: Boolean(row?.passwordHash), deleteAudioWhenReady: row?.deleteAudioWhenReady ?? false };
}

export async function setDeleteAudioWhenReady(userId: string, value: boolean): Promise<void> {
  await getDb().update(users).set({ deleteAudioWhenReady: value }).where(eq(users.id, userId));
}
