import { useState, type ReactNode } from "react";
import { useToast } from "~/components/toast";
import { readApiResponse } from "~/lib/errors";
import { MSG } from "~/lib/messages";

/**
 * A plain link to a file endpoint (works without JavaScript, the session cookie authorises it).
 * With JavaScript it downloads through fetch so it can show the spec's success or error toast.
 */
export function DownloadLink({
  href,
  children,
  successMessage,
  operation,
  className = "btn-secondary",
  testId,
}: {
  href: string;
  children: ReactNode;
  successMessage: string;
  operation: string;
  className?: string;
  testId?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) {
        const result = await readApiResponse(response);
        toast.show({ type: "error", message: result.ok ? MSG.operationFailed(operation) : result.message });
        return;
      }
      const blob = await response.blob();
      const name = fileNameFrom(response.headers.get("Content-Disposition")) ?? "download";
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.show({ type: "success", message: successMessage });
    } catch {
      toast.show({ type: "error", message: MSG.operationFailed(operation) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <a href={href} download onClick={onClick} className={className} aria-busy={busy} data-testid={testId}>
      {children}
    </a>
  );
}

/** The file name of a Content-Disposition header, preferring the UTF-8 form. */
export function fileNameFrom(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = header.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  return header.match(/filename="([^"]+)"/i)?.[1];
}
