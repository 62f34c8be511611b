import { describe, expect, it } from "vitest";
import { MSG } from "~/lib/messages";
import { italianDayStart } from "../dates";
import { adminUserSchema, fieldErrors, parseTranscriptionsQuery, parseUsersQuery, planSchema, readDate } from "./admin";

const q = (s: string) => new URLSearchParams(s);

describe("admin list queries", () => {
  it("reads a day as the start of that Italian day, summer and winter time", () => {
    expect(italianDayStart("2025-03-10").toISOString()).toBe("2025-03-09T23:00:00.000Z");
    expect(italianDayStart("2025-07-10").toISOString()).toBe("2025-07-09T22:00:00.000Z");
    // The day clocks go forward is 23 hours long.
    const to = parseTranscriptionsQuery(q("date=2025-03-30"));
    expect(to.dateFrom?.toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(to.dateTo?.toISOString()).toBe("2025-03-30T22:00:00.000Z");
  });

  it("ignores dates Postgres cannot hold or that do not exist, instead of failing", () => {
    expect(readDate("0000-01-01")).toBeUndefined();
    expect(readDate("99999")).toBeUndefined();
    expect(readDate("2025-02-30")).toBeUndefined();
    expect(readDate("domani")).toBeUndefined();
    expect(readDate("2025-02-03T10:00:00Z")?.toISOString()).toBe("2025-02-03T10:00:00.000Z");
    expect(parseTranscriptionsQuery(q("date=0000-01-01"))).toMatchObject({ dateFrom: undefined, dateTo: undefined });
  });

  it("sorts descending when sortBy comes without sortOrder (spec 7: default desc)", () => {
    expect(parseUsersQuery(q("sortBy=createdAt"))).toMatchObject({ sortBy: "createdAt", sortOrder: "desc" });
    expect(parseUsersQuery(q("sortBy=name&sortOrder=asc"))).toMatchObject({ sortBy: "name", sortOrder: "asc" });
    expect(parseUsersQuery(q(""))).toMatchObject({ sortBy: "createdAt", sortOrder: "desc" });
  });
});

describe("admin forms past their limits", () => {
  const plan = { code: "X", name: "N", type: "PAYMENT", price: 1, currency: "EUR", interval: "month", maxFileSizeMB: 1, maxRecordingsPerMonth: 0 };
  const errors = (extra: Record<string, unknown>) => {
    const r = planSchema.safeParse({ ...plan, ...extra });
    return r.success ? {} : fieldErrors(r.error);
  };

  it("checks the audio minutes in Italian and leaves them out when not sent (decision 006)", () => {
    expect(errors({ maxMinutesPerFile: 0, maxMinutesPerMonth: -1 })).toEqual({
      maxMinutesPerFile: MSG.planMaxMinutesPerFileMin,
      maxMinutesPerMonth: MSG.planMaxMinutesPerMonthMin,
    });
    expect(errors({ maxMinutesPerMonth: 2e9 })).toEqual({ maxMinutesPerMonth: MSG.numberTooLarge });
    const parsed = planSchema.parse({ ...plan, maxMinutesPerFile: "90", maxMinutesPerMonth: "" });
    expect(parsed.maxMinutesPerFile).toBe(90);
    expect(parsed.maxMinutesPerMonth).toBeUndefined();
    expect(planSchema.parse(plan).maxMinutesPerFile).toBeUndefined();
  });

  it("answer in Italian under the right field, never zod's English", () => {
    expect(errors({ name: "n".repeat(121) })).toEqual({ name: MSG.tooLong(120) });
    expect(errors({ code: "C".repeat(61) })).toEqual({ code: MSG.tooLong(60) });
    expect(errors({ description: "d".repeat(1001) })).toEqual({ description: MSG.tooLong(1000) });
    expect(errors({ features: ["x".repeat(201)] })).toEqual({ "features.0": MSG.tooLong(200) });
    expect(errors({ features: Array.from({ length: 51 }, () => "a") })).toEqual({ features: MSG.planTooManyFeatures });
    expect(errors({ maxFileSizeMB: 2e9 })).toEqual({ maxFileSizeMB: MSG.numberTooLarge });
    expect(errors({ price: 1e9 })).toEqual({ price: MSG.planPriceMax });
    const user = adminUserSchema({ mode: "create", roleIds: [1] }).safeParse({
      email: "a@b.it",
      name: "x".repeat(121),
      password: "p".repeat(201),
      roleId: 1,
    });
    expect(user.success ? {} : fieldErrors(user.error)).toEqual({ name: MSG.tooLong(120), password: MSG.adminPasswordMax });
  });
});
