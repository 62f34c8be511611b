import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { orders, subscriptionTypes, transcriptions, userSubscriptions } from "~/db/schema";
import { parsePlansQuery, parseSubscriptionsQuery, parseTranscriptionsQuery, parseUsersQuery } from "~/lib/validation/admin";
import { getAdminDashboard, getAnalytics } from "~/services/admin/dashboard.server";
import { listPlans } from "~/services/admin/plans.server";
import { listAdminSubscriptions } from "~/services/admin/subscriptions.server";
import { listAdminTranscriptions } from "~/services/admin/transcriptions.server";
import { listUsers } from "~/services/admin/users.server";
import { createTestUser, useTestDatabase, type TestUser } from "../support/db";

useTestDatabase();

const q = (s: string) => new URLSearchParams(s);
const DAY = 24 * 3600 * 1000;

let alice: TestUser;
let bruno: TestUser;
let carla: TestUser;

async function addTranscription(userId: string, values: Partial<typeof transcriptions.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(transcriptions)
    .values({
      userId,
      fileName: `audio/${Math.random().toString(36).slice(2)}.webm`,
      originalName: "riunione.webm",
      fileSize: 1000,
      usageMonth: "2025-01-01",
      usageMegabytes: 1,
      ...values,
    })
    .returning();
  return row;
}

async function plan(code: string) {
  const [p] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, code));
  return p;
}

beforeAll(async () => {
  const now = Date.now();
  alice = await createTestUser({ name: "Alice Rossi", email: "alice@esempio.it", plan: "FREE_BASIC" });
  bruno = await createTestUser({ name: "Bruno Verdi", email: "bruno@esempio.it", verified: false, plan: "PREMIUM_MONTHLY" });
  carla = await createTestUser({ name: "Carla Bianchi", email: "carla@esempio.it", plan: "BUSINESS_MONTHLY" });
  // Distinct creation times so the sort order is certain.
  const db = getDb();
  await addTranscription(alice.id, {
    title: "Bilancio trimestrale",
    status: "COMPLETED",
    fileSize: 3000,
    duration: 600,
    createdAt: new Date(now - 5 * DAY),
    completedAt: new Date(now - 5 * DAY),
  });
  await addTranscription(alice.id, { title: "Riunione di marketing", status: "FAILED", fileSize: 2000, createdAt: new Date(now - 4 * DAY) });
  await addTranscription(bruno.id, { title: "Progetto Alfa", status: "PENDING", fileSize: 5000, createdAt: new Date(now - 3 * DAY) });
  await addTranscription(bruno.id, { title: "Progetto Beta", status: "PROCESSING", fileSize: 1000, createdAt: new Date(now - 2 * DAY) });
  await addTranscription(carla.id, {
    title: "Assemblea soci",
    originalName: "verbale_assemblea-marzo.m4a",
    status: "COMPLETED",
    fileSize: 4000,
    duration: 1200,
    createdAt: new Date(now - 1 * DAY),
    completedAt: new Date(now - 1 * DAY),
  });

  // Carla's subscription ends in 5 days (expiring soon); Bruno's old one was cancelled, and paid orders.
  await db
    .update(userSubscriptions)
    .set({ endDate: new Date(now + 5 * DAY), currentPeriodEnd: new Date(now + 5 * DAY) })
    .where(eq(userSubscriptions.userId, carla.id));
  const premium = await plan("PREMIUM_YEARLY");
  await db.insert(userSubscriptions).values({
    userId: bruno.id,
    subscriptionTypeId: premium.id,
    status: "CANCELLED",
    isActive: false,
    startDate: new Date(now - 400 * DAY),
    endDate: new Date(now - 35 * DAY),
    currentPeriodStart: new Date(now - 400 * DAY),
    currentPeriodEnd: new Date(now - 35 * DAY),
    createdAt: new Date(now - 400 * DAY),
  });
  const lastYear = new Date(new Date().getUTCFullYear() - 1, 5, 15);
  await db.insert(orders).values([
    { userId: bruno.id, status: "PAID", amount: 9.99, paymentDate: new Date(), currency: "EUR" },
    { userId: carla.id, status: "PAID", amount: 29.99, paymentDate: new Date(), currency: "EUR" },
    { userId: bruno.id, status: "PAID", amount: 99, paymentDate: lastYear, currency: "EUR" },
    { userId: carla.id, status: "FAILED", amount: 500, paymentDate: new Date(), currency: "EUR" },
  ]);
});

describe("users list", () => {
  it("defaults to page 1 of 10, newest first, with role object, subscription and transcription count", async () => {
    const { users, pagination } = await listUsers(parseUsersQuery(q("")));
    expect(pagination).toEqual({ currentPage: 1, totalPages: 1, pageSize: 10, totalItems: 4 });
    expect(users.map((u) => u.email)).toEqual(["carla@esempio.it", "bruno@esempio.it", "alice@esempio.it", "admin@verbale.test"]);
    const aliceRow = users.find((u) => u.id === alice.id)!;
    expect(aliceRow.role).toMatchObject({ name: "USER" });
    expect(aliceRow._count.transcriptions).toBe(2);
    expect(aliceRow.subscription).toMatchObject({ status: "ACTIVE", typeName: "Gratuito", isCurrent: true });
    // Bruno has an active and a cancelled subscription: the active one is shown.
    expect(users.find((u) => u.id === bruno.id)!.subscription).toMatchObject({ status: "ACTIVE", typeName: "Premium Mensile" });
  });

  it("filters by search, role and e-mail status", async () => {
    expect((await listUsers(parseUsersQuery(q("search=ross")))).users.map((u) => u.id)).toEqual([alice.id]);
    expect((await listUsers(parseUsersQuery(q("search=BRUNO@")))).users.map((u) => u.id)).toEqual([bruno.id]);
    expect((await listUsers(parseUsersQuery(q("role=ADMIN")))).users.map((u) => u.email)).toEqual(["admin@verbale.test"]);
    expect((await listUsers(parseUsersQuery(q("status=unverified")))).users.map((u) => u.id)).toEqual([bruno.id]);
    expect((await listUsers(parseUsersQuery(q("status=verified")))).pagination.totalItems).toBe(3);
    // LIKE wildcards in the search box are literal characters.
    expect((await listUsers(parseUsersQuery(q("search=%25")))).users).toHaveLength(0);
  });

  it("sorts by name both ways and pages", async () => {
    const asc = await listUsers(parseUsersQuery(q("sortBy=name&sortOrder=asc")));
    expect(asc.users.map((u) => u.name)).toEqual(["Alice Rossi", "Amministratore", "Bruno Verdi", "Carla Bianchi"]);
    const desc = await listUsers(parseUsersQuery(q("sortBy=name&sortOrder=desc&limit=2&page=2")));
    expect(desc.users.map((u) => u.name)).toEqual(["Amministratore", "Alice Rossi"]);
    expect(desc.pagination).toEqual({ currentPage: 2, totalPages: 2, pageSize: 2, totalItems: 4 });
  });
});

describe("transcriptions list", () => {
  it("returns the newest first with user, stats and pagination", async () => {
    const result = await listAdminTranscriptions(parseTranscriptionsQuery(q("")));
    expect(result.transcriptions.map((t) => t.title)).toEqual([
      "Assemblea soci",
      "Progetto Beta",
      "Progetto Alfa",
      "Riunione di marketing",
      "Bilancio trimestrale",
    ]);
    expect(result.stats).toEqual({ total: 5, pending: 1, processing: 1, completed: 2, failed: 1 });
    expect(result.transcriptions[0].user).toMatchObject({ id: carla.id, firstName: "Carla", lastName: "Bianchi", email: "carla@esempio.it" });
    expect(result.transcriptions[0].analysis).toBeNull();
    expect(result.transcriptions[0].document).toBeNull();
  });

  it("filters by status, user, search and dates", async () => {
    const titles = async (s: string) => (await listAdminTranscriptions(parseTranscriptionsQuery(q(s)))).transcriptions.map((t) => t.title);
    expect(await titles("status=failed")).toEqual(["Riunione di marketing"]);
    expect(await titles(`user=${bruno.id}`)).toEqual(["Progetto Beta", "Progetto Alfa"]);
    expect(await titles("user=alice@")).toEqual(["Riunione di marketing", "Bilancio trimestrale"]);
    expect(await titles("search=progetto")).toEqual(["Progetto Beta", "Progetto Alfa"]);
    expect(await titles("search=carla")).toEqual(["Assemblea soci"]);
    // The original file name shown in the table and the CSV is searchable, word by word.
    expect(await titles("search=marzo")).toEqual(["Assemblea soci"]);
    expect(await titles("search=verbale_assemblea-marzo.m4a")).toEqual(["Assemblea soci"]);
    const from = new Date(Date.now() - 2.5 * DAY).toISOString();
    expect(await titles(`dateFrom=${encodeURIComponent(from)}`)).toEqual(["Assemblea soci", "Progetto Beta"]);
    const to = new Date(Date.now() - 4.5 * DAY).toISOString();
    expect(await titles(`dateTo=${encodeURIComponent(to)}`)).toEqual(["Bilancio trimestrale"]);
  });

  it("sorts by size and pages", async () => {
    const bySize = await listAdminTranscriptions(parseTranscriptionsQuery(q("sortBy=fileSize&sortOrder=desc&limit=2&page=1")));
    expect(bySize.transcriptions.map((t) => t.fileSize)).toEqual([5000, 4000]);
    expect(bySize.pagination).toEqual({ currentPage: 1, totalPages: 3, pageSize: 2, totalItems: 5 });
    const last = await listAdminTranscriptions(parseTranscriptionsQuery(q("sortBy=fileSize&sortOrder=desc&limit=2&page=3")));
    expect(last.transcriptions.map((t) => t.fileSize)).toEqual([1000]);
    const asc = await listAdminTranscriptions(parseTranscriptionsQuery(q("sortBy=title&sortOrder=asc&limit=1")));
    expect(asc.transcriptions[0].title).toBe("Assemblea soci");
  });
});

describe("subscriptions list", () => {
  it("lists with user, type, usage and stats with revenue from paid orders", async () => {
    const result = await listAdminSubscriptions(parseSubscriptionsQuery(q("")));
    expect(result.pagination.totalItems).toBe(4);
    expect(result.stats).toMatchObject({ total: 4, active: 3, cancelled: 1, expired: 0, pending: 0 });
    expect(result.stats.revenue.monthly).toBeCloseTo(39.98, 2);
    expect(result.stats.revenue.total).toBeCloseTo(138.98, 2);
    // The 99 € order of last June counts in the total only; the FAILED order nowhere.
    expect(result.stats.revenue.yearly).toBeCloseTo(39.98, 2);
    expect(result.stats.revenue.currency).toBe("EUR");
    const aliceSub = result.subscriptions.find((s) => s.user.id === alice.id)!;
    expect(aliceSub.type).toMatchObject({ name: "Gratuito", planType: "FREE", price: 0 });
    expect(aliceSub.usage).toMatchObject({ recordingsUsed: 0, maxRecordingsPerMonth: 5, maxMBStorage: 250 });
  });

  it("filters by status, type (basic, pro, business), search and dates; sorts by user", async () => {
    const ids = async (s: string) =>
      (await listAdminSubscriptions(parseSubscriptionsQuery(q(s)))).subscriptions.map((x) => `${x.user.firstName}:${x.type.name}`);
    expect(await ids("status=CANCELLED")).toEqual(["Bruno:Premium Annuale"]);
    expect(await ids("type=basic")).toEqual(["Alice:Gratuito"]);
    expect(await ids("type=business")).toEqual(["Carla:Business"]);
    expect((await ids("type=pro")).sort()).toEqual(["Bruno:Premium Annuale", "Bruno:Premium Mensile"]);
    expect(await ids("search=annuale")).toEqual(["Bruno:Premium Annuale"]);
    expect(await ids("search=carla")).toEqual(["Carla:Business"]);
    expect(await ids(`dateTo=${new Date(Date.now() - 300 * DAY).toISOString().slice(0, 10)}`)).toEqual(["Bruno:Premium Annuale"]);
    expect(await ids("sortBy=user&sortOrder=desc&limit=1")).toEqual(["Carla:Business"]);
  });
});

describe("subscription types list", () => {
  it("sorts by sortOrder by default and counts subscriptions", async () => {
    const { subscriptionTypes: plans, pagination } = await listPlans(parsePlansQuery(q("")));
    expect(plans.map((p) => p.code)).toEqual(["FREE_BASIC", "PREMIUM_MONTHLY", "PREMIUM_YEARLY", "BUSINESS_MONTHLY"]);
    expect(pagination.totalItems).toBe(4);
    expect(plans.find((p) => p.code === "PREMIUM_YEARLY")!.subscriptionCount).toBe(1);
  });

  it("filters by search, status and interval, sorts by price and by subscription count", async () => {
    const codes = async (s: string) => (await listPlans(parsePlansQuery(q(s)))).subscriptionTypes.map((p) => p.code);
    expect(await codes("interval=year")).toEqual(["PREMIUM_YEARLY"]);
    expect(await codes("search=premium")).toEqual(["PREMIUM_MONTHLY", "PREMIUM_YEARLY"]);
    expect(await codes("status=inactive")).toEqual([]);
    expect(await codes("sortBy=price&sortOrder=desc")).toEqual(["PREMIUM_YEARLY", "BUSINESS_MONTHLY", "PREMIUM_MONTHLY", "FREE_BASIC"]);
    await getDb().insert(subscriptionTypes).values({ code: "ZERO", name: "Senza utenti", price: 1, sortOrder: 9 });
    const byCount = (await listPlans(parsePlansQuery(q("sortBy=subscriptionCount&sortOrder=asc")))).subscriptionTypes;
    expect(byCount.map((p) => p.subscriptionCount)).toEqual([0, 1, 1, 1, 1]);
    expect(byCount[0].code).toBe("ZERO");
    const desc = (await listPlans(parsePlansQuery(q("sortBy=subscriptionCount&sortOrder=desc")))).subscriptionTypes;
    expect(desc[4].code).toBe("ZERO");
    await getDb().delete(subscriptionTypes).where(eq(subscriptionTypes.code, "ZERO"));
  });
});

describe("overview and analytics", () => {
  it("computes the overview in SQL", async () => {
    const data = await getAdminDashboard();
    expect(data.users).toMatchObject({ total: 4, active: 4, verified: 3 });
    expect(data.users.latest[0].email).toBe("carla@esempio.it");
    expect(data.transcriptions.total).toBe(5);
    expect(data.transcriptions.totalStorageBytes).toBe(15000);
    expect(data.transcriptions.avgDuration).toBe(900);
    expect(data.transcriptions.byStatus.find((s) => s.status === "COMPLETED")?.count).toBe(2);
    expect(
      data.transcriptions.topUsers
        .slice(0, 2)
        .map((t) => t.user.id)
        .sort(),
    ).toEqual([alice.id, bruno.id].sort());
    expect(data.transcriptions.topUsers[0]).toMatchObject({ user: { id: bruno.id }, transcriptions: 2, totalFileSize: 6000 });
    expect(data.subscriptions).toMatchObject({ total: 4, active: 3, expiringSoonCount: 1 });
    expect(data.subscriptions.expiringSoon.map((s) => s.user.id)).toEqual([carla.id]);
    expect(data.database?.sizeBytes).toBeGreaterThan(0);
    expect(data.database?.tables.map((t) => t.name)).toContain("transcriptions");
  });

  it("fills every day of the period and computes the failure rate", async () => {
    const a = await getAnalytics(7);
    expect(a.perDay).toHaveLength(7);
    expect(a.perDay.reduce((s, d) => s + d.recordings, 0)).toBe(5);
    expect(a.perDay.reduce((s, d) => s + d.minutes, 0)).toBeCloseTo(30, 5);
    expect(a.failure).toMatchObject({ completed: 2, failed: 1 });
    expect(a.failure.rate).toBeCloseTo(1 / 3, 5);
    expect(a.newUsersPerWeek.reduce((s, w) => s + w.count, 0)).toBe(4);
    expect(a.plansInUse.map((p) => p.name)).toEqual(["Gratuito", "Premium Mensile", "Business"]);
  });
});
