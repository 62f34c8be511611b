import { errorTextForStatus, isRetryableStatus } from "~/lib/errors";
import { recordingName } from "~/lib/dates";
import type { MeetingDetails } from "~/lib/meeting";
import { MSG } from "~/lib/messages";

/**
 * POST /api/transcription with XMLHttpRequest, because fetch cannot report upload progress.
 * Resolves with the databaseId; rejects with UploadError carrying the catalogue text.
 */

export class UploadError extends Error {
  constructor(
    message: string,
    public status: number,
    public limitReached = false,
    public requiresSubscription = false,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return isRetryableStatus(this.status);
  }
}

export function uploadAudio(
  file: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
  meeting?: MeetingDetails,
): { promise: Promise<string>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    const data = new FormData();
    // Before the file: the server reads the details while the audio still streams in.
    if (meeting) data.append("meeting", JSON.stringify(meeting));
    data.append("audio", file, fileName);
    xhr.open("POST", "/api/transcription");
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onerror = () => reject(new UploadError(MSG.uploadError, 0));
    xhr.onabort = () => reject(new UploadError(MSG.uploadError, 0));
    xhr.onload = () => {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.databaseId === "string") {
        onProgress(100);
        resolve(body.databaseId);
        return;
      }
      // 401: the session is gone; the spec reloads the page.
      if (xhr.status === 401) window.location.reload();
      const message = xhr.status >= 500 || xhr.status === 0 ? MSG.uploadError : errorTextForStatus(xhr.status, body);
      reject(new UploadError(message, xhr.status, body?.limitReached === true, body?.requiresSubscription === true));
    };
    xhr.send(data);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Phones and tablets: a coarse pointer or a mobile user agent. */
export function isMobileOrTablet(): boolean {
  if (typeof window === "undefined") return false;
  const coarse = typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches;
  return coarse || /Android|iPhone|iPad|iPod|Mobile|Tablet/i.test(navigator.userAgent);
}

/** The name of a copy the browser saves, by the device's clock. */
export function recordingFileName(date = new Date()): string {
  return `${recordingName(date)}.webm`;
}
