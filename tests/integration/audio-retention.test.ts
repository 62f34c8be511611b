import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { documents, subscriptionTypes, transcriptionSegments, transcriptions, usageMonths, userSubscriptions, users } from "~/db/schema";
import * as audioRoute from "~/routes/api.audio.$id";
import * as planRoute from "~/routes/api.admin.subscription-types.$id";
import * as settingsRoute from "~/routes/settings";
import { expireAudio } from "~/services/audio-retention.server";
import expireAudioTask from "../../worker/tasks/expire-audio";
import { taskList } from "../../worker/tasks/index";
import { listAllStored, seedAccountData } from "../support/account-data";
import { callRoute, useAdmin } from "../support/admin-api";
import { call } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";

/** Audio retention (issue 32): per plan and per user, with a moved clock. */

useTestDatabase();
const ctx = useAdmin();
const DAY = 24 * 3600 * 1000;

async function planForm(id: string, audioRetentionDays: unknown) {
  const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.id, id));
  return callRoute(planRoute, "PUT", `/api/admin/subscription-types/${id}`, {
    token: ctx.admin.token,
    params: { id },
    body: { ...plan, price: Number(plan.price), audioRetentionDays },
  });
}

describe("audio retention", () => {
  it("the plan's «Conserva l'audio per (giorni)»: empty is without limit, 0 or words are refused with nothing changed", async () => {
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    const set = await planForm(plan.id, 30);
    expect(set.status).toBe(200);
    expect((await set.json()).subscriptionType.audioRetentionDays).toBe(30);
    const zero = await planForm(plan.id, 0);
    expect(zero.status).toBe(400);
    expect((await zero.json()).message).toBe("I giorni di conservazione dell'audio devono essere almeno 1.");
    const [kept] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.id, plan.id));
    expect(kept.audioRetentionDays).toBe(30);
    const cleared = await planForm(plan.id, "");
    expect((await cleared.json()).subscriptionType.audioRetentionDays).toBeNull();
  });

  it("deletes the audio past the plan's days, keeps transcript and document, gives the megabytes back, and the audio answers 410", async () => {
    const code = `RET_${Date.now()}`;
    const [plan] = await getDb()
      .insert(subscriptionTypes)
      .values({ code, name: "Conserva 30", type: "FREE", price: 0, maxFileSizeMB: 100, maxRecordingsPerMonth: 10, audioRetentionDays: 30 })
      .returning();
    const user = await createTestUser();
    const now = new Date();
    await getDb()
      .insert(userSubscriptions)
      .values({
        userId: user.id,
        subscriptionTypeId: plan.id,
        startDate: now,
        endDate: new Date(now.getTime() + 365 * DAY),
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 365 * DAY),
      });
    const seeded = await seedAccountData(user.id);
    await getDb().insert(usageMonths).values({ userId: user.id, month: "2025-01-01", recordingsUsed: 3, megabytesUsed: 9 });
    const other = await createTestUser({ plan: "FREE_BASIC" });
    const theirs = await seedAccountData(other.id);

    // Day 29: nothing is due.
    expect(await expireAudio(new Date(now.getTime() + 29 * DAY))).toEqual([]);
    expect(await listAllStored()).toContain(seeded.done.fileName);

    // Day 31, through the worker's own task.
    vi.useFakeTimers({ now: now.getTime() + 31 * DAY, toFake: ["Date"] });
    try {
      await expireAudioTask({}, { logger: { info: () => {}, debug: () => {} } } as never);
    } finally {
      vi.useRealTimers();
    }
    expect(taskList.expire_audio).toBeDefined();

    const stored = await listAllStored();
    expect(stored).not.toContain(seeded.done.fileName);
    expect(stored).toContain(seeded.queued.fileName); // still PENDING: no minutes yet, nothing due
    expect(stored).toContain(seeded.docKey);
    expect(stored).toContain(theirs.done.fileName); // a plan without limit
    const [row] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, seeded.done.id));
    expect(row.audioDeletedAt).toBeInstanceOf(Date);
    expect(row.text).toBe("Buongiorno a tutti.");
    expect(await getDb().select().from(transcriptionSegments).where(eq(transcriptionSegments.transcriptionId, seeded.done.id))).toHaveLength(2);
    expect(await getDb().select().from(documents).where(eq(documents.transcriptionId, seeded.done.id))).toHaveLength(1);
    const [usage] = await getDb().select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage).toMatchObject({ megabytesUsed: 6, recordingsUsed: 3 });

    const audio = await callRoute({ loader: audioRoute.loader, action: async () => audioRoute.action() }, "GET", `/api/audio/${seeded.done.id}`, {
      token: user.token,
      params: { id: seeded.done.id },
    });
    expect(audio.status).toBe(410);
    expect(await audio.json()).toEqual({
      success: false,
      message: "L'audio di questa trascrizione è stato eliminato secondo le regole di conservazione.",
    });

    // Run again: nothing more, the usage is not given back twice.
    expect(await expireAudio(new Date(now.getTime() + 40 * DAY))).toEqual([]);
    const [again] = await getDb().select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(again.megabytesUsed).toBe(6);
  });

  it("«Elimina l'audio quando il verbale è pronto» from /settings deletes completed audio at the next run", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const seeded = await seedAccountData(user.id);
    const form = await call(settingsRoute.action, "/settings", {
      token: user.token,
      form: { intent: "delete-audio", deleteAudioWhenReady: "on" },
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ ok: true, message: "Impostazione salvata." });
    const [saved] = await getDb().select({ flag: users.deleteAudioWhenReady }).from(users).where(eq(users.id, user.id));
    expect(saved.flag).toBe(true);
    const expired = await expireAudio();
    expect(expired).toEqual([seeded.done.id]);
    expect(await listAllStored()).not.toContain(seeded.done.fileName);
    expect(await listAllStored()).toContain(seeded.queued.fileName);
  });
});
