import fs from "node:fs";
import { wrongTypes, type Case } from "./case";
import { f } from "./fixtures";

/** Transcriptions, their audio, exports, document, e-mail and re-analysis; edits and delete last. */
export function transcriptionCases(): Case[] {
  return [
    {
      file: "api.transcription",
      method: "POST",
      path: () => "/api/transcription",
      access: "verified",
      body: () => audioForm(f.audio),
      ok: { status: 200, fields: ["success", "databaseId"] },
    },
    { file: "api.history", method: "GET", path: () => "/api/history", access: "user", ok: { status: 200, fields: ["success", "transcriptions"] } },
    {
      file: "api.transcription.$id",
      method: "GET",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "transcription", "analysis", "documentPath"] },
    },
    {
      file: "api.transcription.$id.progress",
      method: "GET",
      path: (id) => `/api/transcription/${id}/progress`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "status", "stage", "progress"] },
    },
    {
      file: "api.transcription.$id.export.$format",
      method: "GET",
      path: (id) => `/api/transcription/${id}/export/txt`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /^text\/plain/ },
    },
    {
      file: "api.audio.$id",
      method: "GET",
      path: (id) => `/api/audio/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /^audio\// },
    },
    {
      file: "api.document.$id",
      method: "POST",
      path: (id) => `/api/document/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "documentPath"] },
    },
    {
      file: "api.document.$id",
      method: "GET",
      path: (id) => `/api/document/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /officedocument\.wordprocessingml/ },
    },
    {
      file: "api.document.$id.email",
      method: "POST",
      path: (id) => `/api/document/${id}/email`,
      id: () => f.t1,
      access: "user",
      body: () => ({ email: "destinatario@esempio.it", subject: "Riunione", message: "In allegato." }),
      invalid: [
        { email: "" },
        { email: "non-email" },
        { email: "a@esempio.it", subject: "" },
        { email: "a@esempio.it", subject: "riga\nBcc: x@esempio.it" },
        { email: "a@esempio.it", subject: "x".repeat(5000) },
        { email: "a@esempio.it", message: "x".repeat(100_000) },
        ...wrongTypes(["email", "subject", "message"]),
      ],
      ok: { status: 200, fields: ["success", "deliveryId", "status", "message"] },
    },
    {
      file: "api.document.$id.email",
      method: "GET",
      path: (id) => `/api/document/${id}/email?delivery=${f.delivery}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "deliveryId", "status", "message"] },
    },
    {
      file: "api.analyze.$id",
      method: "POST",
      path: (id) => `/api/analyze/${id}`,
      id: () => f.t3,
      access: "verified",
      ok: { status: 202, fields: ["success", "databaseId", "status"] },
    },
    {
      file: "api.transcription.$id",
      method: "PATCH",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t1,
      access: "user",
      body: () => ({ summary: "Riassunto rivisto prima dell'invio." }),
      invalid: [{ title: "  " }, { colour: "rosso" }, { segments: "tutti" }, ...wrongTypes(["title", "summary"])],
      ok: { status: 200, fields: ["success", "message", "transcription", "analysis", "documentPath"] },
    },
    {
      file: "api.transcription.$id",
      method: "DELETE",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t2,
      access: "user",
      ok: { status: 200, fields: ["success", "message"] },
    },
  ];
}

function audioForm(file: string): FormData {
  const data = new FormData();
  data.append("audio", new Blob([fs.readFileSync(file)], { type: "audio/wav" }), "registrazione.wav");
  return data;
}
