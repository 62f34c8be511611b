/**
 * Client-side download of an authenticated file: fetch it (cookie session), read the file name
 * from Content-Disposition (filename* first), and save it. Returns false on any failure so the
 * caller can show the spec's error toast.
 */

export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = header.match(/filename\*\s*=\s*UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = header.match(/filename\s*=\s*"([^"]*)"/i) ?? header.match(/filename\s*=\s*([^;]+)/i);
  return plain?.[1]?.trim() || fallback;
}

/** Offers a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function downloadFile(url: string, fallbackName: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) return false;
    const blob = await response.blob();
    saveBlob(blob, fileNameFromDisposition(response.headers.get("Content-Disposition"), fallbackName));
    return true;
  } catch {
    return false;
  }
}
