import { and, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { auditStep, recordAudit, type AuditStep } from "../audit.server";
import { getDb, type Executor } from "~/db/client.server";
import { subscriptionTypes, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { pagination, type Pagination } from "~/lib/pagination";
import { planSchema, type PlanInput, type PlansQuery } from "~/lib/validation/admin";
import { isUuid } from "~/lib/uuid";
import { ApiError, badRequest, conflict, notFound, zodIssueMessage } from "../api.server";
import { likePattern, orderBy } from "./common.server";

/** Admin subscription types (plans): list, create, update, delete, toggle active. */

export type AdminPlanRow = typeof subscriptionTypes.$inferSelect & { subscriptionCount: number };

// Written with explicit table names: drizzle leaves columns unqualified in a join-less select,
// which inside a correlated subquery would silently bind to the inner table.
const subscriptionCount = sql<number>`(select count(*) from user_subscriptions us where us.subscription_type_id = subscription_types.id)::int`;

function planFilters(q: Pick<PlansQuery, "search" | "status" | "interval">): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(ilike(subscriptionTypes.name, pattern), ilike(subscriptionTypes.code, pattern), ilike(subscriptionTypes.description, pattern))!,
    );
  }
  if (q.status) conditions.push(eq(subscriptionTypes.isActive, q.status === "active"));
  if (q.interval) conditions.push(eq(subscriptionTypes.interval, q.interval));
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  name: subscriptionTypes.name,
  price: subscriptionTypes.price,
  sortOrder: subscriptionTypes.sortOrder,
  isActive: subscriptionTypes.isActive,
  subscriptionCount,
  createdAt: subscriptionTypes.createdAt,
} as const;

export async function listPlans(q: PlansQuery, db: Executor = getDb()): Promise<{ subscriptionTypes: AdminPlanRow[]; pagination: Pagination }> {
  const where = planFilters(q);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(subscriptionTypes).where(where),
    db
      .select({ plan: subscriptionTypes, subscriptionCount })
      .from(subscriptionTypes)
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sortBy], q.sortOrder, subscriptionTypes.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return {
    subscriptionTypes: rows.map((r) => ({ ...r.plan, price: Number(r.plan.price), subscriptionCount: r.subscriptionCount })),
    pagination: pagination(q.page, q.limit, total),
  };
}

export async function getPlan(id: string | undefined, db: Executor = getDb()): Promise<AdminPlanRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select({ plan: subscriptionTypes, subscriptionCount }).from(subscriptionTypes).where(eq(subscriptionTypes.id, id));
  if (!row) throw notFound();
  return { ...row.plan, price: Number(row.plan.price), subscriptionCount: row.subscriptionCount };
}

function parsePlan(input: unknown): PlanInput {
  const result = planSchema.safeParse(input);
  if (!result.success) throw badRequest(zodIssueMessage(result.error));
  return result.data;
}

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

async function codeTaken(code: string, exceptId: string | undefined, db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: subscriptionTypes.id }).from(subscriptionTypes).where(eq(subscriptionTypes.code, code)).limit(1);
  return Boolean(row && row.id !== exceptId);
}

export async function createPlan(input: unknown, db: Executor = getDb()): Promise<AdminPlanRow> {
  const plan = parsePlan(input);
  if (await codeTaken(plan.code, undefined, db)) throw conflict(MSG.planCodeTaken);
  try {
    const [created] = await db.insert(subscriptionTypes).values(plan).returning({ id: subscriptionTypes.id });
    return getPlan(created.id, db);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.planCodeTaken);
    throw error;
  }
}

export async function updatePlan(id: string | undefined, input: unknown, db: Executor = getDb()): Promise<AdminPlanRow> {
  if (!isUuid(id)) throw notFound();
  const plan = parsePlan(input);
  await getPlan(id, db);
  if (await codeTaken(plan.code, id, db)) throw conflict(MSG.planCodeTaken);
  try {
    await db.update(subscriptionTypes).set(plan).where(eq(subscriptionTypes.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.planCodeTaken);
    throw error;
  }
  return getPlan(id, db);
}

export async function togglePlanStatus(id: string | undefined, db: Executor = getDb()): Promise<AdminPlanRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(subscriptionTypes)
    .set({ isActive: sql`not ${subscriptionTypes.isActive}` })
    .where(eq(subscriptionTypes.id, id))
    .returning({ id: subscriptionTypes.id });
  if (!row) throw notFound();
  return getPlan(id, db);
}

/**
 * Refused while any subscription (current or past) refers to the plan: those rows keep the
 * history of what users held. Deactivating hides it from new users instead.
 */
export async function deletePlan(id: string | undefined, audit?: AuditStep): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  await getDb().transaction(async (tx) => {
    const [plan] = await tx.select({ id: subscriptionTypes.id }).from(subscriptionTypes).where(eq(subscriptionTypes.id, id)).for("update");
    if (!plan) throw notFound();
    const [{ n }] = await tx.select({ n: count() }).from(userSubscriptions).where(eq(userSubscriptions.subscriptionTypeId, id));
    if (n > 0) throw new ApiError(409, MSG.planInUse(n));
    await tx.delete(subscriptionTypes).where(eq(subscriptionTypes.id, id));
    await audit?.(tx);
  });
  return { id };
}

// ---------------------------------------------------------------- audited writes (issue 32)

/** The plan writes of the admin API, each with its audit entry in the same transaction. */
export const auditedPlans = {
  create: (actorId: string, input: unknown) =>
    getDb().transaction(async (tx) => {
      const plan = await createPlan(input, tx);
      await recordAudit(tx, {
        actorId,
        action: "plan.create",
        targetType: "plan",
        targetId: plan.id,
        details: { isActive: plan.isActive, type: plan.type },
      });
      return plan;
    }),
  update: (actorId: string, id: string | undefined, input: unknown) =>
    getDb().transaction(async (tx) => {
      const before = await getPlan(id, tx);
      const plan = await updatePlan(id, input, tx);
      await recordAudit(tx, { actorId, action: "plan.update", targetType: "plan", targetId: plan.id, details: changedFlags(before, plan) });
      return plan;
    }),
  toggle: (actorId: string, id: string | undefined) =>
    getDb().transaction(async (tx) => {
      const plan = await togglePlanStatus(id, tx);
      await recordAudit(tx, {
        actorId,
        action: "plan.toggle",
        targetType: "plan",
        targetId: plan.id,
        details: { isActive: { before: !plan.isActive, after: plan.isActive } },
      });
      return plan;
    }),
  delete: (actorId: string, id: string | undefined) => deletePlan(id, auditStep(actorId, "plan.delete", "plan", id ?? null)),
};

/** Before/after of the plan's numbers and flags that changed (no names or texts). */
function changedFlags(before: AdminPlanRow, after: AdminPlanRow) {
  const keys = [
    "price",
    "maxFileSizeMB",
    "maxRecordingsPerMonth",
    "maxMBStorage",
    "maxMinutesPerFile",
    "maxMinutesPerMonth",
    "audioRetentionDays",
    "isActive",
    "isPreferred",
    "autoRenew",
    "sortOrder",
  ] as const;
  const details: Record<string, { before: number | boolean | null; after: number | boolean | null }> = {};
  for (const key of keys) {
    const a = (before as Record<string, unknown>)[key] as number | boolean | null;
    const b = (after as Record<string, unknown>)[key] as number | boolean | null;
    if (a !== b) details[key] = { before: a ?? null, after: b ?? null };
  }
  return details;
}
