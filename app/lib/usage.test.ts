import { describe, expect, it } from "vitest";
import { applyDelete, applyUpload, computeLimits, megabytesFor, minutesFor, usageLevel, usageMonthOf, usagePercent } from "./usage";

const plan = { name: "Gratuito", type: "FREE" as const, price: 0, currency: "EUR", maxRecordingsPerMonth: 5, maxMBStorage: 250, maxFileSizeMB: 50 };

describe("megabytesFor", () => {
  it("rounds every started MiB up", () => {
    expect(megabytesFor(0)).toBe(0);
    expect(megabytesFor(1)).toBe(1);
    expect(megabytesFor(1024 * 1024)).toBe(1);
    expect(megabytesFor(1024 * 1024 + 1)).toBe(2);
    expect(megabytesFor(10.5 * 1024 * 1024)).toBe(11);
  });
});

describe("usageMonthOf", () => {
  it("gives the first day of the UTC month", () => {
    expect(usageMonthOf(new Date("2025-03-31T23:59:59Z"))).toBe("2025-03-01");
    expect(usageMonthOf(new Date("2025-04-01T00:00:00Z"))).toBe("2025-04-01");
    expect(usageMonthOf(new Date("2025-12-15T12:00:00Z"))).toBe("2025-12-01");
  });
});

describe("computeLimits", () => {
  it("floors remaining values at 0 and blocks when either limit is used up", () => {
    const free = computeLimits(plan, { recordingsUsed: 2, megabytesUsed: 100 });
    expect(free).toMatchObject({
      remainingRecordings: 3,
      remainingMegabytes: 150,
      canCreateRecording: true,
      canUseMegabytes: true,
      maxFileSizeMB: 50,
    });
    const over = computeLimits(plan, { recordingsUsed: 7, megabytesUsed: 300 });
    expect(over).toMatchObject({ remainingRecordings: 0, remainingMegabytes: 0, canCreateRecording: false, canUseMegabytes: false });
    const storageFull = computeLimits(plan, { recordingsUsed: 1, megabytesUsed: 250 });
    expect(storageFull).toMatchObject({ canCreateRecording: false, canUseMegabytes: false, remainingRecordings: 4 });
    expect(computeLimits({ ...plan, maxFileSizeMB: null }, { recordingsUsed: 0, megabytesUsed: 0 }).maxFileSizeMB).toBe(100);
  });

  it("has exactly the spec fields, plus the audio minutes of decision 006", () => {
    expect(Object.keys(computeLimits(plan, { recordingsUsed: 0, megabytesUsed: 0 })).sort()).toEqual(
      [
        "maxRecordingsPerMonth",
        "currentRecordingsUsed",
        "remainingRecordings",
        "maxMBStorage",
        "currentMegabytesUsed",
        "remainingMegabytes",
        "maxFileSizeMB",
        "canCreateRecording",
        "canUseMegabytes",
        "subscriptionPlan",
        "maxMinutesPerFile",
        "maxMinutesPerMonth",
        "currentMinutesUsed",
        "remainingMinutes",
      ].sort(),
    );
  });
});

describe("audio minutes", () => {
  it("counts every started minute, like megabytes", () => {
    expect(minutesFor(0)).toBe(0);
    expect(minutesFor(Number.NaN)).toBe(0);
    expect(minutesFor(0.4)).toBe(1);
    expect(minutesFor(60)).toBe(1);
    expect(minutesFor(60.01)).toBe(2);
    expect(minutesFor(3 * 3600)).toBe(180);
  });

  it("blocks recording once the month's minutes are used up and gives them back on delete", () => {
    const minutesPlan = { ...plan, maxMinutesPerFile: 60, maxMinutesPerMonth: 300 };
    const start = computeLimits(minutesPlan, { recordingsUsed: 1, megabytesUsed: 1, minutesUsed: 290 });
    expect(start).toMatchObject({
      maxMinutesPerFile: 60,
      maxMinutesPerMonth: 300,
      currentMinutesUsed: 290,
      remainingMinutes: 10,
      canCreateRecording: true,
    });
    const full = applyUpload(start, 1024, 10);
    expect(full).toMatchObject({ currentMinutesUsed: 300, remainingMinutes: 0, canCreateRecording: false, canUseMegabytes: true });
    expect(applyDelete(full, 1, 10)).toMatchObject({ currentMinutesUsed: 290, canCreateRecording: true });
    // A plan row from before the columns existed gets the defaults.
    expect(computeLimits(plan, { recordingsUsed: 0, megabytesUsed: 0 })).toMatchObject({
      maxMinutesPerFile: 120,
      maxMinutesPerMonth: 600,
      currentMinutesUsed: 0,
    });
  });
});

describe("local updates", () => {
  it("adds one recording and ceil(MB) after an upload, and a delete gives them back floored at 0", () => {
    const start = computeLimits(plan, { recordingsUsed: 4, megabytesUsed: 10 });
    const after = applyUpload(start, 2.2 * 1024 * 1024);
    expect(after).toMatchObject({ currentRecordingsUsed: 5, currentMegabytesUsed: 13, remainingRecordings: 0, canCreateRecording: false });
    const back = applyDelete(after, 3);
    expect(back).toMatchObject({ currentRecordingsUsed: 4, currentMegabytesUsed: 10, canCreateRecording: true });
    expect(applyDelete(computeLimits(plan, { recordingsUsed: 0, megabytesUsed: 1 }), 5)).toMatchObject({
      currentRecordingsUsed: 0,
      currentMegabytesUsed: 0,
    });
  });
});

describe("percent and level", () => {
  it("caps at 100, is 0 when the limit is 0, yellow above 80 and full at 100", () => {
    expect(usagePercent(3, 0)).toBe(0);
    expect(usagePercent(8, 10)).toBe(80);
    expect(usagePercent(12, 10)).toBe(100);
    expect(usageLevel(80)).toBe("normal");
    expect(usageLevel(80.1)).toBe("warning");
    expect(usageLevel(99.9)).toBe("warning");
    expect(usageLevel(100)).toBe("full");
    expect(usageLevel(usagePercent(5, 0))).toBe("normal");
  });
});
