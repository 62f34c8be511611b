import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { orders, subscriptionTypes, userSubscriptions } from "~/db/schema";
import { loader as ordersLoader } from "~/routes/api.orders";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

useTestDatabase();

type Row = typeof orders.$inferInsert;
let user: TestUser;
let other: TestUser;
let premiumSub: string;
const ids: Record<string, string> = {};

/** 13 orders with distinct dates and amounts so every sort has one right answer. */
const fixtures: (Omit<Row, "userId"> & { key: string; premium?: boolean })[] = [
  {
    key: "o01",
    status: "PAID",
    amount: 9.99,
    currency: "EUR",
    createdAt: new Date("2025-01-05T10:00:00Z"),
    paymentDate: new Date("2025-01-05T10:05:00Z"),
    paymentMethod: "Carta Visa",
    premium: true,
  },
  {
    key: "o02",
    status: "PAID",
    amount: 99,
    currency: "EUR",
    createdAt: new Date("2025-01-20T10:00:00Z"),
    paymentDate: new Date("2025-01-21T09:00:00Z"),
    paymentMethod: "PayPal",
  },
  {
    key: "o03",
    status: "PENDING",
    amount: 29.99,
    currency: "EUR",
    createdAt: new Date("2025-02-01T10:00:00Z"),
    paymentDate: null,
    paymentMethod: null,
  },
  {
    key: "o04",
    status: "FAILED",
    amount: 9.99,
    currency: "EUR",
    createdAt: new Date("2025-02-10T10:00:00Z"),
    paymentDate: null,
    paymentMethod: "Carta Mastercard",
  },
  {
    key: "o05",
    status: "REFUNDED",
    amount: 19.5,
    currency: "EUR",
    createdAt: new Date("2025-02-15T10:00:00Z"),
    paymentDate: new Date("2025-02-15T11:00:00Z"),
    paymentMethod: "Carta Visa",
  },
  {
    key: "o06",
    status: "CANCELLED",
    amount: 5,
    currency: "EUR",
    createdAt: new Date("2025-03-01T10:00:00Z"),
    paymentDate: null,
    paymentMethod: null,
  },
  {
    key: "o07",
    status: "PAID",
    amount: 12.34,
    currency: "EUR",
    createdAt: new Date("2025-03-05T10:00:00Z"),
    paymentDate: new Date("2025-03-06T10:00:00Z"),
    paymentMethod: "Bonifico",
    premium: true,
  },
  {
    key: "o08",
    status: "PAID",
    amount: 1,
    currency: "EUR",
    createdAt: new Date("2025-03-10T10:00:00Z"),
    paymentDate: new Date("2025-03-10T10:01:00Z"),
    paymentMethod: "Carta Visa",
  },
  {
    key: "o09",
    status: "PAID",
    amount: 45.5,
    currency: "EUR",
    createdAt: new Date("2025-03-15T10:00:00Z"),
    paymentDate: new Date("2025-03-31T22:30:00Z"),
    paymentMethod: "PayPal",
  },
  {
    key: "o10",
    status: "PENDING",
    amount: 7.25,
    currency: "EUR",
    createdAt: new Date("2025-04-01T10:00:00Z"),
    paymentDate: null,
    paymentMethod: null,
  },
  {
    key: "o11",
    status: "PAID",
    amount: 3.5,
    currency: "EUR",
    createdAt: new Date("2025-04-02T10:00:00Z"),
    paymentDate: new Date("2025-04-02T10:00:00Z"),
    paymentMethod: "Carta 100%_speciale",
  },
  {
    key: "o12",
    status: "PAID",
    amount: 60,
    currency: "USD",
    createdAt: new Date("2025-04-03T10:00:00Z"),
    paymentDate: new Date("2025-04-03T10:00:00Z"),
    paymentMethod: "Carta Amex",
  },
  {
    key: "o13",
    status: "FAILED",
    amount: 2.75,
    currency: "EUR",
    createdAt: new Date("2025-04-04T10:00:00Z"),
    paymentDate: null,
    paymentMethod: "PayPal",
  },
];

beforeAll(async () => {
  user = await createTestUser({ plan: "FREE_BASIC" });
  other = await createTestUser({ plan: null });
  const db = getDb();
  const [premium] = await db.select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "PREMIUM_MONTHLY"));
  const [sub] = await db
    .insert(userSubscriptions)
    .values({
      userId: user.id,
      subscriptionTypeId: premium.id,
      status: "EXPIRED",
      isActive: false,
      isPaid: true,
      startDate: new Date("2025-01-05T00:00:00Z"),
      endDate: new Date("2025-02-05T00:00:00Z"),
      currentPeriodStart: new Date("2025-01-05T00:00:00Z"),
      currentPeriodEnd: new Date("2025-02-05T00:00:00Z"),
    })
    .returning();
  premiumSub = sub.id;
  for (const { key, premium: withSub, ...row } of fixtures) {
    const [inserted] = await db
      .insert(orders)
      .values({ ...row, userId: user.id, subscriptionId: withSub ? premiumSub : null })
      .returning({ id: orders.id });
    ids[key] = inserted.id;
  }
  // Another user's orders must never show up.
  await db.insert(orders).values([
    {
      userId: other.id,
      status: "PAID",
      amount: 500,
      currency: "EUR",
      createdAt: new Date("2025-03-05T10:00:00Z"),
      paymentDate: new Date("2025-03-05T10:00:00Z"),
      paymentMethod: "Carta Visa",
    },
    { userId: other.id, status: "PENDING", amount: 1, currency: "EUR" },
  ]);
});

async function list(query: string, token = user.token) {
  const response = await ordersLoader({ request: apiRequest(`/api/orders${query}`, { token }), params: {}, context: {} });
  return { status: response.status, body: await response.json() };
}

const keysOf = (body: { orders: { id: string }[] }) => body.orders.map((o) => Object.keys(ids).find((k) => ids[k] === o.id));

describe("GET /api/orders", () => {
  it("needs a session", async () => {
    expect((await list("", "")).status).toBe(401);
  });

  it("pages 10 at a time, newest first, with pagination and stats", async () => {
    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(keysOf(first.body)).toEqual(["o13", "o12", "o11", "o10", "o09", "o08", "o07", "o06", "o05", "o04"]);
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, pageSize: 10, totalItems: 13 });
    // EUR is the main currency; only PAID EUR orders are summed (USD and refunds are not).
    expect(first.body.stats).toEqual({ total: 13, totalAmount: 171.33, currency: "EUR" });
    const second = await list("?page=2");
    expect(keysOf(second.body)).toEqual(["o03", "o02", "o01"]);
    expect(second.body.pagination).toEqual({ currentPage: 2, totalPages: 2, pageSize: 10, totalItems: 13 });
    // A page past the end (an old link) shows the last page, not "Pagina 9 di 2" and no rows.
    const beyond = await list("?page=9");
    expect(keysOf(beyond.body)).toEqual(["o03", "o02", "o01"]);
    expect(beyond.body.pagination.currentPage).toBe(2);
    const small = await list("?limit=4&page=4");
    expect(keysOf(small.body)).toEqual(["o01"]);
    expect(small.body.pagination).toEqual({ currentPage: 4, totalPages: 4, pageSize: 4, totalItems: 13 });
  });

  it("returns each order's fields and its subscription", async () => {
    const { body } = await list("?sortOrder=asc&limit=1");
    expect(body.orders[0]).toEqual({
      id: ids.o01,
      status: "PAID",
      amount: 9.99,
      currency: "EUR",
      paymentDate: "2025-01-05T10:05:00.000Z",
      paymentMethod: "Carta Visa",
      createdAt: "2025-01-05T10:00:00.000Z",
      subscription: { subscriptionType: { name: "Premium Mensile" }, startDate: "2025-01-05T00:00:00.000Z", endDate: "2025-02-05T00:00:00.000Z" },
    });
    expect((await list("?sortOrder=asc&limit=2&page=2")).body.orders[0].subscription).toBeNull();
  });

  it("filters by status", async () => {
    const paid = await list("?status=PAID");
    expect(keysOf(paid.body)).toEqual(["o12", "o11", "o09", "o08", "o07", "o02", "o01"]);
    expect(paid.body.stats).toEqual({ total: 7, totalAmount: 171.33, currency: "EUR" });
    expect(keysOf((await list("?status=pending")).body)).toEqual(["o10", "o03"]);
    expect(keysOf((await list("?status=REFUNDED")).body)).toEqual(["o05"]);
    expect(keysOf((await list("?status=CANCELLED")).body)).toEqual(["o06"]);
    const failed = await list("?status=FAILED");
    expect(keysOf(failed.body)).toEqual(["o13", "o04"]);
    expect(failed.body.stats).toEqual({ total: 2, totalAmount: 0, currency: "EUR" });
    // Unknown status: ignored rather than an error, so a hand-edited URL still works.
    expect((await list("?status=BOH")).body.pagination.totalItems).toBe(13);
  });

  it("searches plan name, payment method and amount, case-insensitively and literally", async () => {
    expect(keysOf((await list("?search=premium")).body)).toEqual(["o07", "o01"]);
    expect(keysOf((await list("?search=paypal")).body)).toEqual(["o13", "o09", "o02"]);
    expect(keysOf((await list("?search=45.5")).body)).toEqual(["o09"]);
    expect(keysOf((await list(`?search=${encodeURIComponent("100%_")}`)).body)).toEqual(["o11"]);
    expect(keysOf((await list("?search=%25")).body)).toEqual(["o11"]);
    expect((await list("?search=nessuno")).body).toMatchObject({
      orders: [],
      pagination: { totalItems: 0, totalPages: 1 },
      stats: { total: 0, totalAmount: 0, currency: "EUR" },
    });
    expect(keysOf((await list(`?search=${ids.o05.slice(0, 8)}`)).body)).toEqual(["o05"]);
  });

  it("filters by date on the payment date (else creation), whole Italian days, inclusive", async () => {
    expect(keysOf((await list("?dateFrom=2025-04-01")).body)).toEqual(["o13", "o12", "o11", "o10", "o09"]);
    expect(keysOf((await list("?dateTo=2025-01-21")).body)).toEqual(["o02", "o01"]);
    expect(keysOf((await list("?dateTo=2025-01-20")).body)).toEqual(["o01"]);
    expect(keysOf((await list("?dateFrom=2025-02-01&dateTo=2025-02-15")).body)).toEqual(["o05", "o04", "o03"]);
    expect(keysOf((await list("?dateFrom=2025-03-01&dateTo=2025-03-31&status=PAID")).body)).toEqual(["o08", "o07"]);
    // A malformed date is ignored.
    expect((await list("?dateFrom=2025-13-45")).body.pagination.totalItems).toBe(13);
  });

  it("sorts by amount, payment date and creation date in both directions", async () => {
    expect(keysOf((await list("?sortBy=amount&sortOrder=desc&limit=13")).body)).toEqual(
      ["o02", "o12", "o09", "o03", "o05", "o07", "o04", "o01", "o10", "o06", "o11", "o13", "o08"].map((k) => k),
    );
    const asc = keysOf((await list("?sortBy=amount&sortOrder=asc&limit=13")).body);
    expect(asc[0]).toBe("o08");
    expect(asc[12]).toBe("o02");
    // Equal amounts fall back to creation date in the same direction.
    expect(asc.slice(5, 7)).toEqual(["o01", "o04"]);
    expect(keysOf((await list("?sortBy=paymentDate&sortOrder=asc&limit=13")).body)).toEqual([
      "o01",
      "o02",
      "o05",
      "o07",
      "o08",
      "o09",
      "o11",
      "o12",
      "o03",
      "o04",
      "o06",
      "o10",
      "o13",
    ]);
    expect(keysOf((await list("?sortBy=paymentDate&sortOrder=desc&limit=13")).body)).toEqual([
      "o12",
      "o11",
      "o09",
      "o08",
      "o07",
      "o05",
      "o02",
      "o01",
      "o13",
      "o10",
      "o06",
      "o04",
      "o03",
    ]);
    expect(keysOf((await list("?sortBy=createdAt&sortOrder=asc&limit=3")).body)).toEqual(["o01", "o02", "o03"]);
    expect(keysOf((await list("?sortBy=boh&limit=2")).body)).toEqual(["o13", "o12"]);
    expect(keysOf((await list("?sortBy=amount&sortOrder=desc&limit=3&page=2")).body)).toEqual(["o03", "o05", "o07"]);
  });

  it("shows another user only their own orders", async () => {
    const { body } = await list("", other.token);
    expect(body.pagination.totalItems).toBe(2);
    expect(body.stats).toEqual({ total: 2, totalAmount: 500, currency: "EUR" });
  });

  it("keeps an absurd page number sane instead of echoing it", async () => {
    const { status, body } = await list("?page=1e300", other.token);
    expect(status).toBe(200);
    expect(body.pagination.currentPage).toBe(1);
    expect(body.orders).toHaveLength(2);
  });

  it("ignores a date Postgres cannot hold (year 0) instead of failing", async () => {
    const { status, body } = await list("?dateFrom=0000-01-01&dateTo=0000-12-31");
    expect(status).toBe(200);
    expect(body.pagination.totalItems).toBe(13);
  });

  it("shows the stats in the currency with the most paid, not the most frequent one", async () => {
    const buyer = await createTestUser({ plan: null });
    await getDb()
      .insert(orders)
      .values([
        { userId: buyer.id, status: "PAID", amount: 10, currency: "EUR", paymentDate: new Date() },
        { userId: buyer.id, status: "PAID", amount: 10, currency: "EUR", paymentDate: new Date() },
        { userId: buyer.id, status: "FAILED", amount: 50, currency: "USD" },
        { userId: buyer.id, status: "FAILED", amount: 50, currency: "USD" },
        { userId: buyer.id, status: "FAILED", amount: 50, currency: "USD" },
      ]);
    const { body } = await list("", buyer.token);
    expect(body.stats).toEqual({ total: 5, totalAmount: 20, currency: "EUR" });
  });
});
