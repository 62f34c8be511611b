import { useEffect, useRef, type Dispatch } from "react";
import type { MeetingDetails } from "~/lib/meeting";
import { MSG } from "~/lib/messages";
import type { RecorderEvent, RecorderState } from "~/lib/recorder-machine";
import { useToast } from "../toast";
import { uploadAudio, UploadError } from "./upload";

/** A picked (or dropped) file, uploaded whole whenever the machine enters "uploading". */
export function useFileUpload(state: RecorderState, dispatch: Dispatch<RecorderEvent>, onUploaded: (databaseId: string, bytes: number) => void) {
  /** What the next upload sends. */
  const pending = useRef<{ blob: Blob; name: string; meeting?: MeetingDetails }>();
  const toast = useToast();

  useEffect(() => {
    if (state.status !== "uploading" || state.source !== "file" || !pending.current) return;
    const { blob, name, meeting } = pending.current;
    const { promise, abort } = uploadAudio(blob, name, (percent) => dispatch({ type: "UPLOAD_PROGRESS", percent }), meeting);
    let cancelled = false;
    promise.then(
      (databaseId) => {
        if (cancelled) return;
        pending.current = undefined;
        dispatch({ type: "UPLOAD_DONE" });
        onUploaded(databaseId, blob.size);
      },
      (error: unknown) => {
        if (cancelled) return;
        const e = error instanceof UploadError ? error : new UploadError(MSG.uploadError, 0);
        if (!e.limitReached && !e.requiresSubscription) toast.show({ type: "error", title: MSG.uploadErrorTitle, message: e.message });
        dispatch({
          type: "UPLOAD_FAILED",
          message: e.message,
          limitReached: e.limitReached,
          requiresSubscription: e.requiresSubscription,
          retryable: e.retryable,
        });
      },
    );
    return () => {
      cancelled = true;
      abort();
    };
    // Only a new upload (status change) starts a request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);

  return pending;
}
