import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { roles, subscriptionTypes, users } from "~/db/schema";
import { hashPassword } from "./password.server";

/** Plans offered on a fresh install. Codes are stable: seeding again never duplicates them. */
export const PLAN_CATALOGUE = [
  {
    code: "FREE_BASIC",
    type: "FREE" as const,
    name: "Gratuito",
    description: "Per provare Verbale sulle tue riunioni, senza costi.",
    price: 0,
    interval: "month" as const,
    maxFileSizeMB: 50,
    maxRecordingsPerMonth: 5,
    maxMBStorage: 250,
    maxMinutesPerFile: 60,
    maxMinutesPerMonth: 300,
    sortOrder: 0,
    isPreferred: false,
    features: ["5 registrazioni al mese", "File fino a 50 MB", "Trascrizione e riassunto", "Documento Word"],
  },
  {
    code: "PREMIUM_MONTHLY",
    type: "PAYMENT" as const,
    name: "Premium Mensile",
    description: "Per chi registra riunioni ogni settimana.",
    price: 9.99,
    interval: "month" as const,
    maxFileSizeMB: 200,
    maxRecordingsPerMonth: 50,
    maxMBStorage: 5120,
    maxMinutesPerFile: 180,
    maxMinutesPerMonth: 1500,
    sortOrder: 1,
    isPreferred: true,
    features: ["50 registrazioni al mese", "File fino a 200 MB", "Analisi per argomenti", "Invio via email", "Supporto prioritario"],
  },
  {
    code: "PREMIUM_YEARLY",
    type: "PAYMENT" as const,
    name: "Premium Annuale",
    description: "Tutto il Premium con due mesi in regalo.",
    price: 99,
    interval: "year" as const,
    maxFileSizeMB: 200,
    maxRecordingsPerMonth: 50,
    maxMBStorage: 5120,
    maxMinutesPerFile: 180,
    maxMinutesPerMonth: 1500,
    sortOrder: 2,
    isPreferred: false,
    features: ["50 registrazioni al mese", "File fino a 200 MB", "Analisi per argomenti", "Invio via email", "Due mesi gratis"],
  },
  {
    code: "BUSINESS_MONTHLY",
    type: "PAYMENT" as const,
    name: "Business",
    description: "Per team e studi professionali con molte riunioni.",
    price: 29.99,
    interval: "month" as const,
    maxFileSizeMB: 500,
    maxRecordingsPerMonth: 300,
    maxMBStorage: 51200,
    maxMinutesPerFile: 240,
    maxMinutesPerMonth: 9000,
    sortOrder: 3,
    isPreferred: false,
    features: ["300 registrazioni al mese", "File fino a 500 MB", "50 GB di archivio", "Esportazione sottotitoli", "Assistenza dedicata"],
  },
];

export type SeedResult = { adminEmail: string; generatedPassword?: string };

export async function seed(db: Executor, options: { adminEmail?: string; adminPassword?: string }): Promise<SeedResult> {
  await db
    .insert(roles)
    .values([
      { name: "USER", description: "Utente" },
      { name: "ADMIN", description: "Amministratore" },
    ])
    .onConflictDoNothing({ target: roles.name });

  await db.insert(subscriptionTypes).values(PLAN_CATALOGUE).onConflictDoNothing({ target: subscriptionTypes.code });

  const [adminRole] = await db.select().from(roles).where(eq(roles.name, "ADMIN"));
  const adminEmail = (options.adminEmail ?? "admin@localhost").toLowerCase();
  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, adminRole.id)).limit(1);
  if (existingAdmin) return { adminEmail };

  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${adminEmail}`);
  const generatedPassword = options.adminPassword ? undefined : randomBytes(9).toString("base64url");
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);
  if (sameEmail) {
    await db.update(users).set({ roleId: adminRole.id, isEmailVerified: true, isActive: true }).where(eq(users.id, sameEmail.id));
    return { adminEmail };
  }
  await db.insert(users).values({
    email: adminEmail,
    name: "Amministratore",
    passwordHash,
    roleId: adminRole.id,
    isEmailVerified: true,
    isActive: true,
  });
  return { adminEmail, generatedPassword };
}
