import { describe, expect, it } from "vitest";
import { addPlanInterval, italianDayStart, nextDay, recordingName } from "./dates";

describe("calendar arithmetic", () => {
  it("keeps a plan's month end instead of overflowing into the next month", () => {
    expect(addPlanInterval(new Date("2025-01-31T10:00:00Z"), "month").toISOString()).toBe("2025-02-28T10:00:00.000Z");
    expect(addPlanInterval(new Date("2024-02-29T10:00:00Z"), "year").toISOString()).toBe("2025-02-28T10:00:00.000Z");
    // Near midnight UTC the server's own time zone must not move the day.
    expect(addPlanInterval(new Date("2025-03-31T23:30:00Z"), "month").toISOString()).toBe("2025-04-30T23:30:00.000Z");
  });

  it("starts an Italian day at Rome's midnight on both sides of a clock change", () => {
    expect(italianDayStart("2025-03-30").toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(italianDayStart("2025-03-31").toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(italianDayStart("2025-10-26").toISOString()).toBe("2025-10-25T22:00:00.000Z");
    expect(italianDayStart("2025-10-27").toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });

  it("steps over month and year ends and leap days", () => {
    expect(nextDay("2025-12-31")).toBe("2026-01-01");
    expect(nextDay("2024-02-28")).toBe("2024-02-29");
    expect(nextDay("2025-02-28")).toBe("2025-03-01");
  });

  it("names a recording by its start in Rome's time on the server, whatever the machine's zone", () => {
    // 23:30 UTC on 31 December is already 00:30 of the new year in Rome (and 01:30 in summer time there).
    expect(recordingName(new Date("2025-12-31T23:30:00Z"), "Europe/Rome")).toBe("registrazione-2026-01-01-0030");
    expect(recordingName(new Date("2026-07-14T22:05:00Z"), "Europe/Rome")).toBe("registrazione-2026-07-15-0005");
  });
});
