import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { subscriptionTypes, userSubscriptions } from "~/db/schema";
import { usageMonthOf } from "~/lib/usage";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { requestDocumentEmail } from "~/services/email-delivery.server";
import { toneFile } from "../audio";
import { createTestUser, useTestDatabase, type TestUser } from "../db";
import { seedCompletedTranscription } from "../transcriptions";

/** The users and rows every /api contract case is called with, filled once per test file. */

export type Fixtures = {
  owner: TestUser;
  stranger: TestUser;
  unverified: TestUser;
  inactive: TestUser;
  loginUser: TestUser;
  logoutUser: TestUser;
  /** Erased by the DELETE /api/account case (issue 32). */
  eraseUser: TestUser;
  /** Completed, analysed, with a document and one e-mail delivery. */
  t1: string;
  /** Completed, deleted by the DELETE case. */
  t2: string;
  /** Recordings of the owner still arriving in chunks (decision 009): one with a chunk, one empty. */
  recording: string;
  emptyRecording: string;
  /** Completed, re-analysed by the analyze case. */
  t3: string;
  delivery: string;
  subscription: string;
  freePlan: string;
  audio: string;
};
export const f = {} as Fixtures;

/** One database for the calling test file, with the fixtures above filled before its tests. */
export function useContractFixtures(): void {
  useTestDatabase({ GOOGLE_CLIENT_ID: "client-id-test", GOOGLE_CLIENT_SECRET: "client-secret-test" });
  beforeAll(setupFixtures);
}

async function setupFixtures(): Promise<void> {
  const storageDir = path.join(getConfig().DATA_DIR, "storage");
  f.owner = await createTestUser({ plan: "FREE_BASIC" });
  f.stranger = await createTestUser({ plan: "FREE_BASIC" });
  f.unverified = await createTestUser({ verified: false, plan: "FREE_BASIC" });
  f.inactive = await createTestUser({ active: false, plan: "FREE_BASIC" });
  f.loginUser = await createTestUser();
  f.logoutUser = await createTestUser();
  f.eraseUser = await createTestUser();
  f.t1 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  f.t2 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  f.t3 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  for (const key of ["recording", "emptyRecording"] as const) {
    const [row] =
      await getSql()`insert into transcriptions (user_id, status, file_name, original_name, file_size, usage_month, usage_megabytes, last_chunk_at)
      values (${f.owner.id}, 'RECORDING', 'audio/in-registrazione.webm', 'registrazione.webm', 0, ${usageMonthOf()}, 0, now()) returning id`;
    f[key] = row.id as string;
  }
  await ensureDocument(f.t1, { userId: f.owner.id }, { create: true });
  f.delivery = (await requestDocumentEmail(f.t1, f.owner.id, { email: "primo@esempio.it", subject: "Primo", message: "Primo invio" })).deliveryId;
  const [sub] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, f.owner.id));
  f.subscription = sub.id;
  const [free] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
  f.freePlan = free.id;
  fs.mkdirSync(path.join(getConfig().DATA_DIR, "fixtures"), { recursive: true });
  f.audio = toneFile(path.join(getConfig().DATA_DIR, "fixtures", "contratto.wav"), 1);
}
