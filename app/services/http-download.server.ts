import { createReadableStreamFromReadable } from "@remix-run/node";
import formatContentDisposition from "content-disposition";
import parseRangeHeader from "range-parser";
import * as storage from "./storage.server";

/** File downloads over HTTP: the names in Content-Disposition and Range for seekable audio. */

// Characters no file system or header should see in a download name.
const UNSAFE_NAME = /[\u0000-\u001f\u007f"\\/:*?<>|]+/g;

/** ASCII-only, filesystem-safe name from a title; `fallback` when nothing usable is left. */
export function safeFileName(title: string | null | undefined, extension: string, fallback: string): string {
  const base = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 80)
    .trim();
  return base ? `${base}.${extension}` : fallback;
}

/**
 * The download name of a title with its accents (`name`) and the ASCII one for old clients
 * (`ascii`); `fallback` for both when the title leaves nothing usable.
 */
export function downloadNames(title: string | null | undefined, extension: string, fallback: string): { name: string; ascii: string } {
  const ascii = safeFileName(title, extension, fallback);
  const trimmed = (title ?? "").replace(UNSAFE_NAME, " ").replace(/\s+/g, " ").trim().slice(0, 80).trim();
  return { name: trimmed ? `${trimmed}.${extension}` : fallback, ascii };
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266 / RFC 5987): old clients read
 * the name with "_" for each non-ASCII character, the rest the exact one with accents (only
 * when it differs). Quotes, slashes and control characters never reach the header;
 * `emptyFallback` stands in for a name that is left empty.
 */
export function contentDisposition(name: string, emptyFallback: string, disposition: "attachment" | "inline" = "attachment"): string {
  const clean =
    name
      .replace(/[\u0000-\u001f\u007f"\\/]+/g, " ")
      .replace(/\s+/g, " ")
      .trim() || emptyFallback;
  return formatContentDisposition(clean, { type: disposition, fallback: clean.replace(/[^\x20-\x7e]/g, "_") });
}

/**
 * A single "bytes=" range of a file of `size` bytes; undefined for none, a malformed header or
 * several ranges (then the whole file is sent).
 */
export function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const ranges = parseRangeHeader(size, header);
  if (ranges === -2) return undefined;
  if (ranges === -1) return "unsatisfiable";
  if (ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  return { start: ranges[0].start, end: ranges[0].end };
}

/**
 * A stored file as a Response that honours Range (206, or 416 with `bytes *\/size`) and HEAD, so
 * a media element can seek.
 */
export async function rangedFileResponse(request: Request, file: { key: string; size: number }, headers: Headers): Promise<Response> {
  headers.set("Accept-Ranges", "bytes");
  const range = parseRange(request.headers.get("Range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = request.method === "HEAD" ? null : createReadableStreamFromReadable(await storage.openReadStream(file.key, range));
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(body, { status: 200, headers });
}
