import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { orders, transcriptions, usageMonths, users, userSubscriptions } from "~/db/schema";
import { listOrders, parseOrderQuery } from "~/services/orders.server";
import { getActiveSubscription } from "~/services/usage.server";
import { useTestDatabase } from "../tests/support/db";
import { DEMO_USERS, seedDemo } from "./seed-demo";

useTestDatabase();

const count = async (table: typeof users | typeof orders | typeof transcriptions | typeof userSubscriptions) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0].n;

describe("seed:demo", () => {
  it("creates users, subscriptions, orders and transcriptions once, with consistent usage", async () => {
    const first = await getDb().transaction((tx) => seedDemo(tx));
    expect(first.created).toHaveLength(DEMO_USERS.length);
    const totals = {
      users: await count(users),
      orders: await count(orders),
      transcriptions: await count(transcriptions),
      subs: await count(userSubscriptions),
    };
    expect(totals.orders).toBeGreaterThanOrEqual(9);
    expect(totals.transcriptions).toBe(DEMO_USERS.reduce((n, u) => n + u.recordings.length, 0));

    const second = await getDb().transaction((tx) => seedDemo(tx));
    expect(second).toEqual({ created: [], skipped: DEMO_USERS.map((u) => u.email) });
    expect({
      users: await count(users),
      orders: await count(orders),
      transcriptions: await count(transcriptions),
      subs: await count(userSubscriptions),
    }).toEqual(totals);

    const statuses = await getDb().selectDistinct({ s: transcriptions.status }).from(transcriptions);
    expect(statuses.map((r) => r.s).sort()).toEqual(["COMPLETED", "FAILED", "PENDING", "PROCESSING"]);

    // usage_months equals what the transcriptions rows say.
    const fromRows = await getDb()
      .select({
        userId: transcriptions.userId,
        month: transcriptions.usageMonth,
        n: sql<number>`count(*)::int`,
        mb: sql<number>`sum(${transcriptions.usageMegabytes})::int`,
      })
      .from(transcriptions)
      .groupBy(transcriptions.userId, transcriptions.usageMonth);
    const usage = await getDb().select().from(usageMonths);
    expect(usage).toHaveLength(fromRows.length);
    for (const row of fromRows) {
      expect(usage.find((u) => u.userId === row.userId && u.month === row.month)).toMatchObject({ recordingsUsed: row.n, megabytesUsed: row.mb });
    }

    const [marco] = await getDb().select().from(users).where(eq(users.email, "marco.bianchi@demo.verbale.it"));
    expect((await getActiveSubscription(marco.id))?.plan.code).toBe("PREMIUM_MONTHLY");
    const list = await listOrders(marco.id, parseOrderQuery(new URLSearchParams()));
    expect(list.stats.total).toBe(4);
    expect(list.orders[0].subscription?.subscriptionType.name).toBe("Premium Mensile");
    const [luca] = await getDb().select().from(users).where(eq(users.email, "luca.neri@demo.verbale.it"));
    expect(await getActiveSubscription(luca.id)).toBeUndefined();
  });
});
