import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, format } from "date-fns";

/**
 * Calendar arithmetic through date-fns, never by hand: month ends and daylight-saving changes
 * are where hand-written date code has gone wrong here before.
 */

/** The time zone of every date the screens show. */
const ROME = "Europe/Rome";

/**
 * One plan interval after `start` (UTC calendar), on the same day of the month or the month's
 * last day when it has fewer: 31 January + 1 month = 28/29 February, not 3 March; 29 February +
 * 1 year = 28 February.
 */
export function addPlanInterval(start: Date, interval: "month" | "year"): Date {
  return new Date(addMonths(new TZDate(start.getTime(), "UTC"), interval === "year" ? 12 : 1).getTime());
}

/** When an Italian calendar day (YYYY-MM-DD) starts. */
export function italianDayStart(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(new TZDate(year, month - 1, date, ROME).getTime());
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD. */
export function nextDay(day: string): string {
  return format(addDays(new TZDate(`${day}T00:00:00Z`, "UTC"), 1), "yyyy-MM-dd");
}

/**
 * The name a recording gets, "registrazione-2026-11-23-1805": the time in `timeZone` (the server
 * names it in Rome's time), or the device's own clock when none is given (a copy saved by the browser).
 */
export function recordingName(at: Date, timeZone?: string): string {
  return `registrazione-${format(timeZone ? new TZDate(at.getTime(), timeZone) : at, "yyyy-MM-dd-HHmm")}`;
}
