import type { Case } from "./case";
import { f } from "./fixtures";

/** Recordings arriving in chunks (decision 009; the full behaviour: recording-chunks.test.ts) and their live transcript. */
export function recordingCases(): Case[] {
  return [
    {
      file: "api.recordings",
      method: "POST",
      path: () => "/api/recordings",
      access: "verified",
      body: () => ({ mimeType: "audio/webm;codecs=opus" }),
      invalid: [{ mimeType: 5 }, { mimeType: { a: 1 } }],
      ok: { status: 200, fields: ["success", "databaseId", "maxChunkBytes"] },
    },
    {
      file: "api.recordings.$id",
      method: "GET",
      path: (id) => `/api/recordings/${id}`,
      id: () => f.recording,
      access: "verified",
      ok: { status: 200, fields: ["success", "status", "chunksReceived"] },
    },
    {
      file: "api.recordings.$id.chunks.$index",
      method: "PUT",
      path: (id) => `/api/recordings/${id}/chunks/0`,
      id: () => f.recording,
      access: "verified",
      body: () => "parte-0",
      ok: { status: 200, fields: ["success", "received", "duplicate"] },
    },
    // The live transcript (decision 010); the full behaviour: live-transcript.test.ts
    {
      file: "api.recordings.$id.live",
      method: "GET",
      path: (id) => `/api/recordings/${id}/live`,
      id: () => f.recording,
      access: "verified",
      ok: { status: 200, fields: ["success", "status", "text", "draft", "recordedSeconds", "transcribedSeconds", "behindSeconds"] },
    },
    // Success: recording-chunks.test.ts (needs real audio). Here: an empty recording is refused with its text.
    {
      file: "api.recordings.$id.finalize",
      method: "POST",
      path: (id) => `/api/recordings/${id}/finalize`,
      id: () => f.emptyRecording,
      access: "verified",
      ok: { status: 400, fields: ["success", "message"] },
    },
  ];
}
