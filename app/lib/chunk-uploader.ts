import type { AudioSource } from "./audio-source";
import { errorTextForStatus } from "./errors";
import type { MeetingDetails } from "./meeting";
import { MSG } from "./messages";
import { getLocalRecording, readChunk, updateLocalRecording, type LocalRecording } from "./recording-store";

/**
 * Sends a recording's chunks from IndexedDB to the server while it is made (decision 009):
 * one PUT per chunk, strictly in order; the server's `received` is the truth about what it has
 * (a 409 with `expected` moves the cursor back or forward, a duplicate is harmless). Network
 * failures are retried with exponential backoff (1 s … 15 s) and at once when the browser says it
 * is online again. The local copy is never deleted here: the caller does it after finalize.
 */

export class RecordingRefused extends Error {
  constructor(
    message: string,
    public status: number,
    public limitReached = false,
    public requiresSubscription = false,
    public storageFull = false,
  ) {
    super(message);
  }
}

export type UploaderStatus = {
  /** Chunks recorded but not yet confirmed by the server. */
  pending: number;
  online: boolean;
  /** The plan's storage or file-size limit stopped the upload: the message says why. */
  stopped?: RecordingRefused;
};

const MAX_BACKOFF_MS = 15_000;

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function refusal(status: number, body: Record<string, unknown> | undefined): RecordingRefused {
  const message = status >= 500 || status === 0 ? MSG.uploadError : errorTextForStatus(status, body);
  return new RecordingRefused(message, status, body?.limitReached === true, body?.requiresSubscription === true, body?.storageFull === true);
}

/** POST /api/recordings: the server's id, or RecordingRefused (limits), or a network error (TypeError). */
export async function openServerRecording(mimeType: string, opening: { source?: AudioSource; meeting?: MeetingDetails } = {}): Promise<string> {
  const response = await fetch("/api/recordings", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ mimeType, source: opening.source, ...(opening.meeting ? { meeting: opening.meeting } : {}) }),
  });
  const body = await readJson(response);
  if (response.ok && typeof body?.databaseId === "string") return body.databaseId;
  throw refusal(response.status, body);
}

export class ChunkUploader {
  private recording: LocalRecording;
  private running = false;
  private closed = false;
  private attempt = 0;
  private wake: (() => void) | undefined;
  private waiters: (() => void)[] = [];
  private status: UploaderStatus;

  constructor(
    recording: LocalRecording,
    private onStatus: (status: UploaderStatus) => void = () => {},
  ) {
    this.recording = { ...recording };
    this.status = { pending: recording.chunkCount - recording.uploaded, online: typeof navigator === "undefined" ? true : navigator.onLine };
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
    }
  }

  get serverId(): string | undefined {
    return this.recording.serverId;
  }

  get uploaded(): number {
    return this.recording.uploaded;
  }

  get chunkCount(): number {
    return this.recording.chunkCount;
  }

  private onOnline = () => {
    this.setStatus({ online: true });
    this.attempt = 0;
    this.wake?.();
  };

  private onOffline = () => this.setStatus({ online: false });

  private setStatus(patch: Partial<UploaderStatus>) {
    this.status = { ...this.status, ...patch, pending: Math.max(0, this.recording.chunkCount - this.recording.uploaded) };
    this.onStatus(this.status);
  }

  /** A new chunk is in IndexedDB (count = chunks stored so far); seconds recorded so far. */
  notify(chunkCount: number, seconds: number) {
    this.recording.chunkCount = Math.max(this.recording.chunkCount, chunkCount);
    this.recording.seconds = Math.max(this.recording.seconds, seconds);
    this.setStatus({});
    this.kick();
  }

  /** Uses a server id obtained elsewhere (the recorder asks for one before the microphone starts). */
  adoptServerId(id: string) {
    this.recording.serverId = id;
  }

  private kick() {
    if (this.running) {
      this.wake?.();
      return;
    }
    if (this.closed) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async loop() {
    while (!this.closed && !this.status.stopped && this.recording.uploaded < this.recording.chunkCount) {
      try {
        await this.step();
        this.attempt = 0;
      } catch (error) {
        if (error instanceof RecordingRefused) {
          // Limits (403) stop the upload for good; the recorder stops and says why.
          if (error.status === 403) {
            this.setStatus({ stopped: error });
            return;
          }
          if (error.status === 401) {
            this.setStatus({ stopped: error });
            return;
          }
        }
        this.attempt += 1;
        await this.sleep(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(4, this.attempt - 1)));
      }
    }
  }

  private async ensureServerId(): Promise<string> {
    if (this.recording.serverId) return this.recording.serverId;
    const id = await openServerRecording(this.recording.mimeType, { source: this.recording.source, meeting: this.recording.meeting });
    this.recording.serverId = id;
    this.recording.uploaded = 0;
    await updateLocalRecording(this.recording.localId, { serverId: id, uploaded: 0 });
    return id;
  }

  private async step() {
    const serverId = await this.ensureServerId();
    const index = this.recording.uploaded;
    const blob = await readChunk(this.recording.localId, index);
    if (!blob) throw new Error(`chunk ${index} missing`);
    const response = await fetch(`/api/recordings/${serverId}/chunks/${index}`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/octet-stream",
        "X-Recording-Seconds": String(Math.round(this.recording.seconds)),
        Accept: "application/json",
      },
      body: blob,
    });
    const body = await readJson(response);
    if (response.ok && typeof body?.received === "number") return this.confirm(body.received);
    if (response.status === 409 && typeof body?.expected === "number") return this.confirm(Math.min(body.expected, this.recording.chunkCount));
    if (response.status === 409 && body?.finalized === true) {
      // Already finalized (by this browser before a reload, or by the server): nothing more to send.
      return this.confirm(this.recording.chunkCount);
    }
    if (response.status === 404) {
      // The server no longer has it (deleted from another tab): start a new one with everything.
      this.recording.serverId = undefined;
      await updateLocalRecording(this.recording.localId, { serverId: undefined, uploaded: 0 });
      this.recording.uploaded = 0;
      return;
    }
    throw refusal(response.status, body);
  }

  private async confirm(received: number) {
    this.recording.uploaded = received;
    await updateLocalRecording(this.recording.localId, { uploaded: received });
    this.setStatus({});
  }

  /** Resolves once every chunk stored so far is on the server, or the upload was stopped by a limit. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.status.stopped || this.recording.uploaded >= this.recording.chunkCount) return;
      if (!this.running) this.kick();
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /**
   * Sends what is left and finalizes. Resolves with the transcription id once the server has
   * confirmed; only then may the caller delete the local copy.
   */
  async finalize(onProgress?: (fraction: number) => void): Promise<string> {
    const latest = await getLocalRecording(this.recording.localId);
    if (latest) this.recording.chunkCount = Math.max(this.recording.chunkCount, latest.chunkCount);
    this.attempt = 0;
    const total = Math.max(1, this.recording.chunkCount);
    const report = () => onProgress?.((this.recording.uploaded / total) * 100);
    const previous = this.onStatus;
    this.onStatus = (s) => {
      previous(s);
      report();
    };
    report();
    await this.drain();
    if (this.status.stopped && this.status.stopped.status === 401) throw this.status.stopped;
    const serverId = await this.ensureServerId();
    const response = await fetch(`/api/recordings/${serverId}/finalize`, { method: "POST", headers: { Accept: "application/json" } });
    const body = await readJson(response);
    if (response.ok && typeof body?.databaseId === "string") return body.databaseId;
    if (response.status === 409 && typeof body?.expected === "number") {
      await this.confirm(body.expected);
      return this.finalize(onProgress);
    }
    throw refusal(response.status, body);
  }

  close() {
    this.closed = true;
    this.wake?.();
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
  }
}

/** DELETE of the server's copy (the user discarded the recording); a missing one is fine. */
export async function deleteServerRecording(serverId: string | undefined): Promise<boolean> {
  if (!serverId) return true;
  try {
    const response = await fetch(`/api/transcription/${serverId}`, { method: "DELETE", headers: { Accept: "application/json" } });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
