import { and, asc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { timedSegmentsOf } from "../transcriptions/segments.server";
import { analyses, documents, orders, roles, subscriptionTypes, transcriptionEdits, transcriptions, userSubscriptions, users } from "~/db/schema";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { tooManyRequests } from "../api.server";
import { contentDisposition } from "../http-download.server";
import { log } from "../logger.server";
import { consumeRateLimit, hitRateLimit, resetRateLimit } from "../rate-limit.server";
import * as storage from "../storage.server";
import { toWebStream, zipStream, type PacingWritable, type ZipEntry } from "../zip-stream.server";

/**
 * «Scarica i miei dati» (issue 32, GDPR art. 20): GET /api/account/export streams a ZIP of the
 * owner's data, read in small batches and written as it goes (memory stays flat with gigabytes of
 * audio). Every query is by the signed-in user's id: nobody else's data can enter.
 */

export const EXPORTS_PER_HOUR = 5;
/** The running-export lease: cleared when the stream ends, expiring by itself if the process dies. */
const LEASE_SECONDS = 3600;
const BATCH = 50;

const LEGGIMI = `Verbale — i tuoi dati
=====================

Questo archivio contiene tutti i dati del tuo account Verbale alla data dell'esportazione.

profilo.json          il tuo profilo: nome, email, ruolo, date, vocabolario, impostazioni
abbonamenti.json      i tuoi abbonamenti, con il piano e le date
pagamenti.json        i tuoi pagamenti
trascrizioni/         una cartella per ogni trascrizione, con:
  trascrizione.json   stato, date, durata, testo, segmenti con tempi e relatori, analisi
                      (titolo, riassunto, argomenti, decisioni, azioni), dettagli della
                      riunione e la cronologia delle modifiche
  audio.*             l'audio originale, se è ancora conservato
  verbale.docx        il documento Word, se è stato generato

I file JSON sono in UTF-8 e si aprono con qualunque editor di testo.
`;

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + "\n", "utf8");

function folderName(t: { id: string; createdAt: Date; title: string | null; originalName: string }): string {
  const day = t.createdAt.toISOString().slice(0, 10);
  const slug = (t.title ?? t.originalName)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `trascrizioni/${day}-${slug || "trascrizione"}-${t.id.slice(0, 8)}`;
}

async function* accountEntries(userId: string): AsyncGenerator<ZipEntry> {
  const db = getDb();
  yield { name: "LEGGIMI.txt", data: Buffer.from(LEGGIMI, "utf8") };
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: roles.name,
      isEmailVerified: users.isEmailVerified,
      googleLinked: sql<boolean>`${users.googleId} is not null`,
      vocabulary: users.vocabulary,
      deleteAudioWhenReady: users.deleteAudioWhenReady,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  yield { name: "profilo.json", data: json(profile) };
  const subs = await db
    .select({ subscription: userSubscriptions, plan: { name: subscriptionTypes.name, code: subscriptionTypes.code } })
    .from(userSubscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.createdAt));
  yield { name: "abbonamenti.json", data: json(subs.map((s) => ({ ...s.subscription, plan: s.plan }))) };
  yield { name: "pagamenti.json", data: json(await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt))) };

  // Keyset pages by id: a Date cursor would lose Postgres's microseconds and repeat rows.
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(transcriptions)
      .where(and(eq(transcriptions.userId, userId), after ? gt(transcriptions.id, after) : undefined))
      .orderBy(asc(transcriptions.id))
      .limit(BATCH);
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    for (const t of page) yield* transcriptionEntries(t);
  }
}

async function* transcriptionEntries(t: typeof transcriptions.$inferSelect): AsyncGenerator<ZipEntry> {
  const db = getDb();
  const folder = folderName(t);
  const [segments, [analysis], edits, [doc]] = await Promise.all([
    timedSegmentsOf(t.id, db),
    db.select().from(analyses).where(eq(analyses.transcriptionId, t.id)),
    db
      .select({
        field: transcriptionEdits.field,
        before: transcriptionEdits.before,
        after: transcriptionEdits.after,
        createdAt: transcriptionEdits.createdAt,
      })
      .from(transcriptionEdits)
      .where(eq(transcriptionEdits.transcriptionId, t.id))
      .orderBy(asc(transcriptionEdits.createdAt)),
    db.select({ key: documents.fileName, updatedAt: documents.updatedAt }).from(documents).where(eq(documents.transcriptionId, t.id)),
  ]);
  const record = {
    id: t.id,
    status: t.status,
    title: t.title,
    originalName: t.originalName,
    mimeType: t.mimeType,
    fileSize: t.fileSize,
    duration: t.duration,
    language: t.language,
    audioSource: t.audioSource,
    audioDeletedAt: t.audioDeletedAt,
    createdAt: t.createdAt,
    completedAt: t.completedAt,
    meeting: t.meeting,
    text: t.text,
    segments,
    analysis: analysis
      ? {
          title: analysis.title,
          summary: analysis.summary,
          topics: analysis.topics,
          decisions: analysis.decisions,
          actionItems: analysis.actionItems,
          engine: analysis.engine,
        }
      : null,
    edits,
  };
  yield { name: `${folder}/trascrizione.json`, data: json(record), modified: t.updatedAt };
  if (!t.audioDeletedAt && t.status !== "RECORDING") {
    const stat = await storage.stat(t.fileName);
    if (stat) {
      const ext = t.fileName.includes(".") ? t.fileName.slice(t.fileName.lastIndexOf(".")) : "";
      yield { name: `${folder}/audio${ext}`, data: () => storage.openReadStream(t.fileName), size: stat.size, modified: t.createdAt };
    }
  }
  if (doc && (await storage.stat(doc.key))) {
    yield { name: `${folder}/verbale.docx`, data: () => storage.openReadStream(doc.key), modified: doc.updatedAt };
  }
}

export function exportFileName(now: Date = new Date()): string {
  return `verbale-dati-${now.toISOString().slice(0, 10)}.zip`;
}

/** The streamed ZIP response, or a 429 (one running export per user, EXPORTS_PER_HOUR an hour). */
export async function exportAccount(userId: string, pace?: PacingWritable): Promise<Response> {
  const leaseKey = `account-export-running:${userId}`;
  const lease = await hitRateLimit(leaseKey, 1, LEASE_SECONDS);
  if (lease.count > 1) throw tooManyRequests(30, PRIVACY_TEXT.exportBusy);
  try {
    await consumeRateLimit(`account-export:${userId}`, EXPORTS_PER_HOUR, 3600);
  } catch (error) {
    await resetRateLimit(leaseKey);
    throw error;
  }
  async function* withLease(): AsyncGenerator<Buffer> {
    try {
      yield* zipStream(accountEntries(userId));
    } catch (error) {
      log.error({ err: error, userId }, "[account] esportazione interrotta");
      throw error;
    } finally {
      await resetRateLimit(leaseKey).catch(() => {});
    }
  }
  const name = exportFileName();
  return new Response(toWebStream(withLease(), pace), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(name, name),
      "Cache-Control": "no-store",
    },
  });
}
