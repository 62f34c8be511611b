import { asc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { analyses, documents, transcriptionSegments, users } from "~/db/schema";
import type { ActionItem, Decision, Topic } from "~/db/schema";
import type { AudioSource } from "~/lib/audio-source";
import type { MeetingDetails } from "~/lib/meeting";
import { findTranscription, type Access, type TranscriptionRow } from "./access.server";
import { llmMinutesState, type LlmMinutesState } from "../llm-minutes.server";

/** One recording with its segments, minutes and document: the result page and GET /api/transcription/:id. */

export type SegmentView = {
  position: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  /** The engine's text when a user changed it (null when never edited). */
  originalText: string | null;
};

export type TranscriptionDetail = {
  transcription: {
    id: string;
    userId: string;
    fileName: string;
    filename: string;
    originalName: string;
    mimeType: string | null;
    title: string | null;
    text: string | null;
    content: string | null;
    status: TranscriptionRow["status"];
    stage: string | null;
    progress: number;
    errorMessage: string | null;
    language: string | null;
    duration: number | null;
    fileSize: number;
    /** Issue 30: microphone, call or both (stereo); null for uploaded files. */
    source: AudioSource | null;
    createdAt: string;
    completedAt: string | null;
    /** When retention deleted the audio (issue 32); the page shows «Audio eliminato il …» instead of the player. */
    audioDeletedAt: string | null;
    user: { id: string; name: string; firstName: string; lastName: string; email: string };
    segments: SegmentView[];
    edited: { at: string; by: string } | null;
    /** Meeting details and agenda (issue 31); null when none were given. */
    meeting: MeetingDetails | null;
  };
  analysis: {
    id: string;
    status: string;
    title: string | null;
    summary: string | null;
    topics: Topic[];
    decisions: Decision[];
    actionItems: ActionItem[];
    /** Which engine made the minutes ("llm", "local" for the extractive analyzer, "openai") and its model. */
    engine: string | null;
    model: string | null;
    edited: boolean;
    updatedAt: string;
    /** Issue 35: why the extractive analyzer stood in for the local LLM, its version kept aside, and whether the LLM can now write them. */
    llm: LlmMinutesState;
  } | null;
  document: { id: string; fileName: string; sizeBytes: number; createdAt: string; upToDate: boolean } | null;
  /** The download URL of the document once generated (spec: "documentPath"). */
  documentPath: string | null;
};

export function documentPathFor(id: string): string {
  return `/api/document/${id}`;
}

export async function getTranscriptionDetail(id: string | undefined, access: Access, db: Executor = getDb()): Promise<TranscriptionDetail> {
  const row = await findTranscription(id, access, db);
  const [people, segmentRows, [analysis], [document]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, row.editedBy ? [row.userId, row.editedBy] : [row.userId])),
    db
      .select({
        position: transcriptionSegments.position,
        start: transcriptionSegments.start,
        end: transcriptionSegments.end,
        text: transcriptionSegments.text,
        speaker: transcriptionSegments.speaker,
        original: transcriptionSegments.original,
      })
      .from(transcriptionSegments)
      .where(eq(transcriptionSegments.transcriptionId, row.id))
      .orderBy(asc(transcriptionSegments.position)),
    db.select().from(analyses).where(eq(analyses.transcriptionId, row.id)),
    db.select().from(documents).where(eq(documents.transcriptionId, row.id)),
  ]);
  const owner = people.find((p) => p.id === row.userId);
  const editor = people.find((p) => p.id === row.editedBy);
  const segments: SegmentView[] = segmentRows.map(({ original, ...s }) => ({
    ...s,
    originalText: original && original.text !== s.text ? original.text : null,
  }));
  const [firstName = "", ...rest] = (owner?.name ?? "").split(" ");
  return {
    transcription: {
      id: row.id,
      userId: row.userId,
      fileName: row.fileName,
      filename: row.fileName,
      originalName: row.originalName,
      audioDeletedAt: row.audioDeletedAt ? row.audioDeletedAt.toISOString() : null,
      mimeType: row.mimeType,
      title: row.title,
      text: row.text,
      content: row.text,
      status: row.status,
      stage: row.stage,
      progress: row.progress,
      errorMessage: row.errorMessage,
      language: row.language,
      duration: row.duration,
      fileSize: Number(row.fileSize),
      source: row.audioSource ?? null,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      user: { id: row.userId, name: owner?.name ?? "", firstName, lastName: rest.join(" "), email: owner?.email ?? "" },
      segments,
      /** Last correction: when and by whom (issue 16). */
      edited: row.editedAt ? { at: row.editedAt.toISOString(), by: editor?.name ?? "" } : null,
      meeting: row.meeting ?? null,
    },
    analysis: analysis
      ? {
          id: analysis.id,
          status: analysis.status,
          title: analysis.title,
          summary: analysis.summary,
          topics: analysis.topics ?? [],
          decisions: analysis.decisions ?? [],
          actionItems: analysis.actionItems ?? [],
          engine: analysis.engine,
          model: analysis.model,
          /** The engine's minutes are kept: "Ripristina originale" can bring them back. */
          edited: analysis.original !== null,
          updatedAt: analysis.updatedAt.toISOString(),
          llm: llmMinutesState(analysis),
        }
      : null,
    document: document
      ? {
          id: document.id,
          fileName: document.fileName,
          sizeBytes: document.sizeBytes,
          createdAt: document.createdAt.toISOString(),
          upToDate: !analysis || (document.analysisVersion?.getTime() ?? 0) === analysis.updatedAt.getTime(),
        }
      : null,
    documentPath: document ? documentPathFor(row.id) : null,
  };
}
