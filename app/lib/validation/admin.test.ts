import { describe, expect, it } from "vitest";
import { italianDayStart, parseTranscriptionsQuery, parseUsersQuery, readDate } from "./admin";

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
