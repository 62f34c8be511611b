/**
 * Demo data for trying the app and its admin area: users, subscriptions, orders, transcriptions
 * (rows only, no audio files) and their monthly usage. Idempotent: a demo user that already
 * exists is left untouched, so running it twice adds nothing.
 *
 *   npm run seed:demo      (stop the app first when it uses the embedded database)
 */
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { analyses, orders, roles, subscriptionTypes, transcriptions, usageMonths, userSubscriptions, users } from "~/db/schema";
import { megabytesFor, usageMonthOf } from "~/lib/usage";
import { hashPassword } from "~/services/password.server";

export const DEMO_PASSWORD = "DemoVerbale1";
const DAY = 24 * 3600 * 1000;
const MiB = 1024 * 1024;

type DemoSubscription = {
  plan: string;
  status: "ACTIVE" | "CANCELLED" | "EXPIRED" | "SUSPENDED";
  startDaysAgo: number;
  lengthDays: number;
  orders?: { status: "PAID" | "PENDING" | "FAILED" | "CANCELLED" | "REFUNDED"; daysAgo: number; method: string | null }[];
};

type DemoUser = {
  email: string;
  name: string;
  verified: boolean;
  active?: boolean;
  subscriptions: DemoSubscription[];
  /** Transcriptions: status and age in days. */
  recordings: { status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED"; daysAgo: number; minutes: number }[];
};

export const DEMO_USERS: DemoUser[] = [
  {
    email: "giulia.rossi@demo.verbale.it",
    name: "Giulia Rossi",
    verified: true,
    subscriptions: [{ plan: "FREE_BASIC", status: "ACTIVE", startDaysAgo: 3, lengthDays: 30 }],
    recordings: [
      { status: "COMPLETED", daysAgo: 2, minutes: 12 },
      { status: "COMPLETED", daysAgo: 1, minutes: 25 },
      { status: "PROCESSING", daysAgo: 0, minutes: 8 },
    ],
  },
  {
    email: "marco.bianchi@demo.verbale.it",
    name: "Marco Bianchi",
    verified: true,
    subscriptions: [
      {
        plan: "PREMIUM_MONTHLY",
        status: "ACTIVE",
        startDaysAgo: 10,
        lengthDays: 30,
        orders: [
          { status: "PAID", daysAgo: 70, method: "Carta Visa •••• 4242" },
          { status: "PAID", daysAgo: 40, method: "Carta Visa •••• 4242" },
          { status: "FAILED", daysAgo: 11, method: "Carta Visa •••• 4242" },
          { status: "PAID", daysAgo: 10, method: "PayPal" },
        ],
      },
    ],
    recordings: [
      { status: "COMPLETED", daysAgo: 9, minutes: 45 },
      { status: "COMPLETED", daysAgo: 6, minutes: 62 },
      { status: "FAILED", daysAgo: 4, minutes: 30 },
      { status: "COMPLETED", daysAgo: 2, minutes: 18 },
      { status: "PENDING", daysAgo: 0, minutes: 5 },
    ],
  },
  {
    email: "sara.verdi@demo.verbale.it",
    name: "Sara Verdi",
    verified: true,
    subscriptions: [
      {
        plan: "BUSINESS_MONTHLY",
        status: "ACTIVE",
        startDaysAgo: 5,
        lengthDays: 30,
        orders: [
          { status: "REFUNDED", daysAgo: 35, method: "Bonifico" },
          { status: "PAID", daysAgo: 5, method: "Carta Mastercard •••• 5454" },
        ],
      },
    ],
    recordings: [
      { status: "COMPLETED", daysAgo: 4, minutes: 90 },
      { status: "COMPLETED", daysAgo: 3, minutes: 55 },
      { status: "PROCESSING", daysAgo: 0, minutes: 40 },
    ],
  },
  {
    email: "anna.ferrari@demo.verbale.it",
    name: "Anna Ferrari",
    verified: true,
    subscriptions: [
      {
        plan: "PREMIUM_YEARLY",
        status: "EXPIRED",
        startDaysAgo: 400,
        lengthDays: 365,
        orders: [
          { status: "PAID", daysAgo: 400, method: "Carta Amex •••• 0005" },
          { status: "CANCELLED", daysAgo: 36, method: null },
          { status: "PENDING", daysAgo: 1, method: null },
        ],
      },
      { plan: "FREE_BASIC", status: "CANCELLED", startDaysAgo: 30, lengthDays: 30 },
    ],
    recordings: [{ status: "COMPLETED", daysAgo: 60, minutes: 33 }],
  },
  {
    email: "paolo.esposito@demo.verbale.it",
    name: "Paolo Esposito",
    verified: true,
    // Ends within the admin's 14-day "expiring" window.
    subscriptions: [{ plan: "FREE_BASIC", status: "ACTIVE", startDaysAgo: 20, lengthDays: 30 }],
    recordings: [
      { status: "FAILED", daysAgo: 15, minutes: 3 },
      { status: "COMPLETED", daysAgo: 12, minutes: 20 },
    ],
  },
  { email: "luca.neri@demo.verbale.it", name: "Luca Neri", verified: false, subscriptions: [], recordings: [] },
  {
    email: "chiara.romano@demo.verbale.it",
    name: "Chiara Romano",
    verified: true,
    active: false,
    subscriptions: [{ plan: "FREE_BASIC", status: "SUSPENDED", startDaysAgo: 50, lengthDays: 30 }],
    recordings: [{ status: "COMPLETED", daysAgo: 45, minutes: 10 }],
  },
];

const SAMPLE_TEXTS = [
  "Buongiorno a tutti, iniziamo la riunione settimanale sul progetto. Oggi parliamo dello stato dei lavori, del budget e delle prossime scadenze.",
  "Riunione del consiglio: approvazione del bilancio trimestrale e discussione delle nuove assunzioni nel reparto commerciale.",
  "Incontro con il cliente per definire i requisiti della nuova piattaforma e concordare il calendario dei rilasci.",
  "Retrospettiva dello sprint: cosa è andato bene, cosa migliorare e le azioni concrete per il prossimo ciclo di lavoro.",
];

export type SeedDemoResult = { created: string[]; skipped: string[] };

export async function seedDemo(db: Executor, now: Date = new Date()): Promise<SeedDemoResult> {
  const result: SeedDemoResult = { created: [], skipped: [] };
  const [userRole] = await db.select().from(roles).where(eq(roles.name, "USER"));
  if (!userRole) throw new Error("Ruoli mancanti: avvia prima l'app una volta (migrazioni e seed).");
  const plans = new Map((await db.select().from(subscriptionTypes)).map((p) => [p.code, p]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  for (const [index, demo] of DEMO_USERS.entries()) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${demo.email}`);
    if (existing) {
      result.skipped.push(demo.email);
      continue;
    }
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        name: demo.name,
        passwordHash,
        roleId: userRole.id,
        isEmailVerified: demo.verified,
        isActive: demo.active ?? true,
        createdAt: new Date(now.getTime() - (420 - index * 30) * DAY),
        lastLoginAt: demo.active === false ? null : new Date(now.getTime() - index * 3600 * 1000),
      })
      .returning({ id: users.id });

    for (const sub of demo.subscriptions) {
      const plan = plans.get(sub.plan);
      if (!plan) continue;
      const start = new Date(now.getTime() - sub.startDaysAgo * DAY);
      const end = new Date(start.getTime() + sub.lengthDays * DAY);
      const running = sub.status === "ACTIVE";
      const [row] = await db
        .insert(userSubscriptions)
        .values({
          userId: user.id,
          subscriptionTypeId: plan.id,
          status: sub.status,
          isActive: running,
          isPaid: plan.type === "FREE" ? null : sub.status !== "SUSPENDED",
          startDate: start,
          endDate: end,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          cancelledAt: sub.status === "CANCELLED" ? new Date(start.getTime() + 5 * DAY) : null,
          cancelReason: sub.status === "CANCELLED" ? "Non più necessario" : null,
          paymentMethod: plan.type === "PAYMENT" ? { type: "card", last4: "4242", expiryMonth: 12, expiryYear: now.getUTCFullYear() + 2 } : null,
          createdAt: start,
        })
        .returning({ id: userSubscriptions.id });
      for (const order of sub.orders ?? []) {
        const created = new Date(now.getTime() - order.daysAgo * DAY);
        await db.insert(orders).values({
          userId: user.id,
          subscriptionId: row.id,
          status: order.status,
          amount: plan.price,
          currency: plan.currency,
          paymentDate: order.status === "PAID" || order.status === "REFUNDED" ? new Date(created.getTime() + 60_000) : null,
          paymentMethod: order.method,
          createdAt: created,
        });
      }
    }

    for (const [n, rec] of demo.recordings.entries()) {
      const created = new Date(now.getTime() - rec.daysAgo * DAY - n * 3600 * 1000);
      // About 1 MiB per minute of webm/opus speech.
      const fileSize = Math.round(rec.minutes * MiB * 0.95);
      const usageMonth = usageMonthOf(created);
      const usageMegabytes = megabytesFor(fileSize);
      const text = SAMPLE_TEXTS[(index + n) % SAMPLE_TEXTS.length];
      const title = text.split(/[.:]/)[0].slice(0, 60);
      const done = rec.status === "COMPLETED";
      const [t] = await db
        .insert(transcriptions)
        .values({
          userId: user.id,
          status: rec.status,
          fileName: `audio/demo-${index}-${n}.webm`,
          originalName: `riunione-${index + 1}-${n + 1}.webm`,
          mimeType: "audio/webm",
          fileSize,
          duration: rec.minutes * 60,
          language: "it",
          title: done ? title : null,
          text: done ? text : null,
          stage: rec.status === "PROCESSING" ? "transcribing" : null,
          progress: done ? 100 : rec.status === "PROCESSING" ? 40 : 0,
          errorMessage: rec.status === "FAILED" ? "Impossibile trascrivere l'audio." : null,
          failureReason: rec.status === "FAILED" ? "demo: audio non decodificabile" : null,
          attempts: rec.status === "FAILED" ? 3 : done ? 1 : 0,
          speechEngine: done ? "demo" : null,
          usageMonth,
          usageMegabytes,
          createdAt: created,
          completedAt: done ? new Date(created.getTime() + rec.minutes * 20_000) : null,
        })
        .returning({ id: transcriptions.id });
      if (done) {
        await db.insert(analyses).values({
          transcriptionId: t.id,
          status: "COMPLETED",
          title,
          summary: text,
          topics: [{ name: "Punti principali", keyPoints: [title], estimatedTimestamps: ["00:00"] }],
          engine: "demo",
        });
      }
      await db
        .insert(usageMonths)
        .values({ userId: user.id, month: usageMonth, recordingsUsed: 1, megabytesUsed: usageMegabytes })
        .onConflictDoUpdate({
          target: [usageMonths.userId, usageMonths.month],
          set: {
            recordingsUsed: sql`${usageMonths.recordingsUsed} + 1`,
            megabytesUsed: sql`${usageMonths.megabytesUsed} + ${usageMegabytes}`,
          },
        });
    }
    result.created.push(demo.email);
  }
  return result;
}

async function main() {
  const { getConfig } = await import("~/services/config.server");
  const { openDatabase } = await import("~/services/database.server");
  const { getDb } = await import("~/db/client.server");
  const handle = await openDatabase(getConfig(), (line) => console.log(line));
  try {
    const result = await getDb().transaction((tx) => seedDemo(tx));
    console.log(`Dati dimostrativi: ${result.created.length} utenti creati, ${result.skipped.length} già presenti.`);
    if (result.created.length > 0) console.log(`Password degli utenti demo: ${DEMO_PASSWORD}`);
  } finally {
    await handle.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
