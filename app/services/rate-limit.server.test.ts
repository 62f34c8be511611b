import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { useTestDatabase } from "../../tests/support/db";
import { ApiError } from "./api.server";
import { assertRateLimit, consumeRateLimit, deleteExpiredRateLimits, hitRateLimit, resetRateLimit } from "./rate-limit.server";

useTestDatabase();

describe("rate limits", () => {
  it("allows `limit` hits per window and then throws 429 with retryAfter", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("t:a", 3, 60);
    const error = await consumeRateLimit("t:a", 3, 60).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.extra.retryAfter).toBeGreaterThan(0);
    expect(error.extra.retryAfter).toBeLessThanOrEqual(60);
  });

  it("is atomic under concurrent hits", async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consumeRateLimit("t:concurrent", 5, 60)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("starts a new window once the old one has ended", async () => {
    await consumeRateLimit("t:b", 1, 60);
    await expect(consumeRateLimit("t:b", 1, 60)).rejects.toBeInstanceOf(ApiError);
    await getDb().execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = 't:b'`);
    await expect(consumeRateLimit("t:b", 1, 60)).resolves.toBeUndefined();
    expect((await hitRateLimit("t:b", 1, 60)).count).toBe(2);
  });

  it("can be reset and checked without counting", async () => {
    await consumeRateLimit("t:c", 2, 60);
    await assertRateLimit("t:c", 2);
    await consumeRateLimit("t:c", 2, 60);
    await expect(assertRateLimit("t:c", 2)).rejects.toBeInstanceOf(ApiError);
    await resetRateLimit("t:c");
    await assertRateLimit("t:c", 2);
    await consumeRateLimit("t:c", 2, 60);
  });

  it("deletes ended windows", async () => {
    await consumeRateLimit("t:old", 5, 60);
    await getDb().execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = 't:old'`);
    expect(await deleteExpiredRateLimits()).toBeGreaterThanOrEqual(1);
  });
});
