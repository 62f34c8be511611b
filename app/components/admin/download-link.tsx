import { useState, type ReactNode } from "react";
import { useToast } from "~/components/toast";
import { fileNameFromDisposition, saveBlob } from "~/lib/download";
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
      saveBlob(blob, fileNameFromDisposition(response.headers.get("Content-Disposition"), "download"));
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
