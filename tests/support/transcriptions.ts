import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type postgres from "postgres";

/**
 * Seeds a COMPLETED transcription as the pipeline would leave it: the row, timed segments, the
 * analysis and a real Italian WAV (espeak-ng) in storage, plus the month's usage it counts.
 * Raw SQL on purpose, so both the integration tests (getSql(), DATA_DIR/storage) and the
 * Playwright specs (the e2e database, tests/.data/e2e/data/storage) can use it.
 */

export const MEETING_SENTENCES = [
  "Buongiorno a tutti, iniziamo la riunione sul bilancio trimestrale.",
  "Il fatturato è cresciuto del dieci per cento rispetto allo scorso anno.",
  "Passiamo ora al progetto del nuovo sito web.",
  "Il lancio del sito è previsto per la fine di marzo.",
  "Per concludere, la prossima riunione sarà lunedì alle dieci.",
];

export type FixtureSegment = { start: number; end: number; text: string };
export type FixtureKeyPoint = string | { point: string; excerpt?: string; estimatedTimestamp?: string };
export type FixtureTopic = { name: string; keyPoints: FixtureKeyPoint[]; estimatedTimestamps?: string[] };
export type FixtureDecision = { text: string; timestamp: string | null };
export type FixtureActionItem = { task: string; owner: string | null; due: string | null; timestamp: string | null };

export type SeedOptions = {
  title?: string;
  summary?: string;
  sentences?: string[];
  /** Topics built from the segments when not given. */
  topics?: (segments: FixtureSegment[]) => FixtureTopic[];
  decisions?: (segments: FixtureSegment[]) => FixtureDecision[];
  actionItems?: (segments: FixtureSegment[]) => FixtureActionItem[];
  /** The engine stored with the analysis (default "fixture": no "Verbale redatto da" line). */
  engine?: string;
  status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  originalName?: string;
  createdAt?: Date;
  /** Also add the recording to usage_months (as an upload would). Default true. */
  countUsage?: boolean;
  withAnalysis?: boolean;
};

export type SeededTranscription = {
  id: string;
  title: string;
  summary: string;
  text: string;
  segments: FixtureSegment[];
  topics: FixtureTopic[];
  decisions: FixtureDecision[];
  actionItems: FixtureActionItem[];
  audioKey: string;
  audioBytes: Buffer;
  fileSize: number;
  duration: number;
  usageMonth: string;
  usageMegabytes: number;
  usageMinutes: number;
};

function mmss(seconds: number): string {
  const s = Math.floor(seconds);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** An Italian WAV of `text`, spoken by espeak-ng (cached per text in the OS temp folder). */
export function italianWav(text: string): Buffer {
  const file = path.join(os.tmpdir(), `verbale-fixture-${createHash("sha1").update(text).digest("hex").slice(0, 16)}.wav`);
  if (!fs.existsSync(file)) {
    const temp = `${file}.${process.pid}.tmp`;
    execFileSync("espeak-ng", ["-v", "it", "-s", "150", "-w", temp, text]);
    fs.renameSync(temp, file);
  }
  return fs.readFileSync(file);
}

/** Duration of a PCM WAV from its header (byte rate at offset 28, data chunk found by name). */
export function wavDuration(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "data") return Math.min(size, wav.length - offset - 8) / byteRate;
    offset += 8 + size;
  }
  return (wav.length - 44) / byteRate;
}

/** Segments spread over the duration in proportion to each sentence's length. */
export function segmentsFor(sentences: string[], duration: number): FixtureSegment[] {
  const total = sentences.reduce((n, s) => n + s.length, 0);
  let at = 0;
  return sentences.map((text) => {
    const length = (duration * text.length) / total;
    const segment = { start: Math.round(at * 100) / 100, end: Math.round((at + length) * 100) / 100, text };
    at += length;
    return segment;
  });
}

export function defaultTopics(segments: FixtureSegment[]): FixtureTopic[] {
  const at = (i: number) => mmss(segments[Math.min(i, segments.length - 1)].start);
  return [
    {
      name: "Bilancio trimestrale",
      keyPoints: [{ point: "Fatturato in crescita del dieci per cento", excerpt: segments[1]?.text, estimatedTimestamp: at(1) }],
      estimatedTimestamps: [at(1)],
    },
    {
      name: "Nuovo sito web",
      keyPoints: [
        { point: "Presentato il progetto del nuovo sito", estimatedTimestamp: at(2) },
        { point: "Lancio previsto per la fine di marzo", estimatedTimestamp: at(3) },
      ],
      estimatedTimestamps: [at(2), at(3)],
    },
    { name: "Prossimi passi", keyPoints: ["Prossima riunione lunedì alle dieci"], estimatedTimestamps: [at(4)] },
  ];
}

export function defaultDecisions(segments: FixtureSegment[]): FixtureDecision[] {
  return [{ text: "Approvato il bilancio del trimestre", timestamp: mmss(segments[Math.min(1, segments.length - 1)].start) }];
}

export function defaultActionItems(segments: FixtureSegment[]): FixtureActionItem[] {
  const at = (i: number) => mmss(segments[Math.min(i, segments.length - 1)].start);
  return [
    { task: "Preparare il piano di lancio del nuovo sito", owner: "Marco Bianchi", due: "entro la fine di marzo", timestamp: at(3) },
    { task: "Convocare la prossima riunione", owner: null, due: null, timestamp: at(4) },
  ];
}

export async function seedCompletedTranscription(
  sql: postgres.Sql,
  storageDir: string,
  userId: string,
  options: SeedOptions = {},
): Promise<SeededTranscription> {
  const id = randomUUID();
  const sentences = options.sentences ?? MEETING_SENTENCES;
  const text = sentences.join(" ");
  const audioBytes = italianWav(text);
  const duration = Math.round(wavDuration(audioBytes) * 100) / 100;
  const segments = segmentsFor(sentences, duration);
  const topics = (options.topics ?? defaultTopics)(segments);
  const decisions = (options.decisions ?? defaultDecisions)(segments);
  const actionItems = (options.actionItems ?? defaultActionItems)(segments);
  const title = options.title ?? "Riunione sul bilancio trimestrale";
  const summary =
    options.summary ??
    "La riunione ha esaminato il bilancio trimestrale, con un fatturato in crescita del dieci per cento, e il progetto del nuovo sito web, il cui lancio è previsto per la fine di marzo. La prossima riunione è fissata per lunedì alle dieci.";
  const audioKey = `audio/${id}.wav`;
  fs.mkdirSync(path.join(storageDir, "audio"), { recursive: true });
  fs.writeFileSync(path.join(storageDir, audioKey), audioBytes);
  const createdAt = options.createdAt ?? new Date();
  const usageMonth = `${createdAt.getUTCFullYear()}-${String(createdAt.getUTCMonth() + 1).padStart(2, "0")}-01`;
  const usageMegabytes = Math.max(1, Math.ceil(audioBytes.length / (1024 * 1024)));
  const usageMinutes = Math.max(1, Math.ceil(duration / 60));
  const status = options.status ?? "COMPLETED";

  await sql.begin(async (tx) => {
    await tx`
      insert into transcriptions (id, user_id, status, file_name, original_name, mime_type, file_size, duration, language, title, text,
        progress, stage, usage_month, usage_megabytes, usage_minutes, created_at, completed_at)
      values (${id}, ${userId}, ${status}, ${audioKey}, ${options.originalName ?? "registrazione riunione è.wav"}, 'audio/wav', ${audioBytes.length},
        ${duration}, 'it', ${title}, ${status === "COMPLETED" ? text : null}, ${status === "COMPLETED" ? 100 : 40},
        ${status === "COMPLETED" ? "done" : "transcribing"}, ${usageMonth}::date, ${usageMegabytes}, ${usageMinutes}, ${createdAt.toISOString()}::timestamptz,
        ${status === "COMPLETED" ? createdAt.toISOString() : null}::timestamptz)`;
    if (status === "COMPLETED") {
      for (const [position, s] of segments.entries()) {
        await tx`insert into transcription_segments (transcription_id, position, start, "end", text) values (${id}, ${position}, ${s.start}, ${s.end}, ${s.text})`;
      }
      if (options.withAnalysis !== false) {
        await tx`
          insert into analyses (transcription_id, status, title, summary, topics, decisions, action_items, engine)
          values (${id}, 'COMPLETED', ${title}, ${summary}, ${JSON.stringify(topics)}::jsonb, ${JSON.stringify(decisions)}::jsonb,
            ${JSON.stringify(actionItems)}::jsonb, ${options.engine ?? "fixture"})`;
      }
    }
    if (options.countUsage !== false) {
      await tx`
        insert into usage_months (user_id, month, recordings_used, megabytes_used, minutes_used) values (${userId}, ${usageMonth}::date, 1, ${usageMegabytes}, ${usageMinutes})
        on conflict (user_id, month) do update set recordings_used = usage_months.recordings_used + 1,
          megabytes_used = usage_months.megabytes_used + ${usageMegabytes}, minutes_used = usage_months.minutes_used + ${usageMinutes}`;
    }
  });
  return {
    id,
    title,
    summary,
    text,
    segments,
    topics,
    decisions,
    actionItems,
    audioKey,
    audioBytes,
    fileSize: audioBytes.length,
    duration,
    usageMonth,
    usageMegabytes,
    usageMinutes,
  };
}
