import type { PageNumberEstimator } from "docx";
import { estimatePageNumbers } from "docx/layout";

/**
 * The «Indice»'s page numbers, worked out by docx's layout of the pages (so LibreOffice, which
 * does not update fields when it opens a file, shows them too). Only the part up to `lastHeading`
 * is laid out: the appendix after it (the full transcript, thousands of paragraphs) has no entry of
 * its own, and laying it out took 35 s for a two-hour meeting against under a second without.
 * The page count is then not known: the footer's «di N» is left to Word and LibreOffice, which
 * count the pages themselves.
 */
export function pageNumbersUpTo(lastHeading: string): PageNumberEstimator {
  const estimator: PageNumberEstimator = (body, context) => {
    const children = (body as { "w:body"?: unknown[] })["w:body"];
    if (!Array.isArray(children)) return estimatePageNumbers(body, context);
    const marker = JSON.stringify(lastHeading);
    // The heading itself, not its entry in the table of contents (a w:sdt before it).
    const at = children.findIndex((child) => !("w:sdt" in (child as object)) && JSON.stringify(child).includes(marker));
    if (at < 0) return estimatePageNumbers(body, context);
    const last = children[children.length - 1] as Record<string, unknown>;
    const section = last && typeof last === "object" && "w:sectPr" in last ? [last] : [];
    const result = estimatePageNumbers({ "w:body": [...children.slice(0, at + 1), ...section] } as never, context);
    return { ...result, pageCount: undefined, sectionPageCounts: undefined };
  };
  return Object.assign(estimator, { listNumbers: estimatePageNumbers.listNumbers });
}
