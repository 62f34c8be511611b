/** it-IT formatting shared by server and client. */

export function formatCurrency(amount: number, currency = "EUR"): string {
  return new Intl.NumberFormat("it-IT", { style: "currency", currency }).format(amount);
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat("it-IT", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Rome" }).format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat("it-IT", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Rome",
  }).format(date);
}

/** Storage figures: MB below 1024 MB, GB from there on (spec section 9). */
export function formatMegabytes(mb: number): string {
  if (mb < 1024) return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format(mb)} MB`;
  return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 2 }).format(mb / 1024)} GB`;
}

/** Minutes of audio: "45 min", "1.500 min". */
export function formatMinutes(minutes: number): string {
  return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0 }).format(minutes)} min`;
}

/** A count with the noun that agrees with it: "1 completata", "55 completate", "1 paragrafo". */
export function formatCount(n: number, one: string, many: string): string {
  return `${new Intl.NumberFormat("it-IT").format(n)} ${n === 1 ? one : many}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;
  return formatMegabytes(bytes / (1024 * 1024));
}

/** Duration or timestamp in seconds as "mm:ss" or "h:mm:ss" (whole seconds, floored). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}
