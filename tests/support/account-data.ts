import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { analyses, documents, orders, transcriptionEdits, transcriptionSegments } from "~/db/schema";
import * as storage from "~/services/storage.server";
import { addTranscription } from "./admin-api";

/**
 * Everything a user can own, through the storage interface (so it works on the local folder
 * and on S3): a completed transcription with segments, analysis, an edit, audio and a Word
 * document; a recording in progress with two chunks and a queued job; a paid order.
 */
export async function seedAccountData(userId: string, options: { audio?: Buffer } = {}) {
  const db = getDb();
  const audio = options.audio ?? Buffer.from("RIFF-audio-di-prova-" + userId);
  const done = await addTranscription(userId, { status: "COMPLETED", title: "Riunione di marzo", text: "Buongiorno a tutti.", duration: 12 });
  await storage.putBuffer(done.fileName, audio);
  await db.insert(transcriptionSegments).values([
    { transcriptionId: done.id, position: 0, start: 0, end: 5, text: "Buongiorno a tutti.", speaker: "Relatore 1" },
    { transcriptionId: done.id, position: 1, start: 5, end: 12, text: "Approviamo il bilancio.", speaker: "Relatore 2" },
  ]);
  await db.insert(analyses).values({
    transcriptionId: done.id,
    status: "COMPLETED",
    title: "Riunione di marzo",
    summary: "Si approva il bilancio.",
    decisions: [{ text: "Bilancio approvato", timestamp: "00:05" }],
  });
  await db.insert(transcriptionEdits).values({ transcriptionId: done.id, userId, field: "title", before: "Vecchio", after: "Riunione di marzo" });
  const docKey = `documents/${done.id}.docx`;
  await storage.putBuffer(docKey, Buffer.from("PK-documento-word"));
  await db.insert(documents).values({ transcriptionId: done.id, fileName: docKey, sizeBytes: 17 });

  const recording = await addTranscription(userId, { status: "RECORDING" });
  await storage.putBuffer(`recordings/${recording.id}/0000000.part`, Buffer.from("parte-0"));
  await storage.putBuffer(`recordings/${recording.id}/0000001.part`, Buffer.from("parte-1"));
  const queued = await addTranscription(userId, { status: "PENDING" });
  await storage.putBuffer(queued.fileName, Buffer.from("audio-in-coda"));
  await db.execute(sql`select graphile_worker.add_job('transcribe', json_build_object('transcriptionId', ${queued.id}::text),
    job_key => ${`transcribe:${queued.id}`}::text, run_at => now() + interval '1 hour')`);

  const [order] = await db
    .insert(orders)
    .values({ userId, status: "PAID", amount: 19.9, currency: "EUR", paymentDate: new Date(), paymentMethod: "carta •••• 4242" })
    .returning();
  return { done, recording, queued, docKey, order, audio };
}

/** Every key in the storage (local folder or bucket) under the app's folders. */
export async function listAllStored(): Promise<string[]> {
  const backend = await storage.getStorage();
  const lists = await Promise.all(["audio", "documents", "recordings"].map((p) => backend.list(p)));
  return lists.flat().sort();
}
