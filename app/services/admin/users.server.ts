import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { roles, sessions, subscriptionTypes, transcriptions, userSubscriptions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { pagination, type Pagination } from "~/lib/pagination";
import { adminUserSchema, type AdminUserMode, type UsersQuery } from "~/lib/validation/admin";
import { isUuid } from "~/lib/uuid";
import { badRequest, conflict, notFound, ApiError, zodIssueMessage } from "../api.server";
import { hashPassword } from "../password.server";
import type { SessionUser } from "../session.server";
import { eraseUserRows, removeErasedFiles } from "../account/erase.server";
import { recordAudit } from "../audit.server";
import { activeSubscriptionCondition } from "../usage.server";
import { csvResponse, EXPORT_BATCH, likePattern, orderBy, newestFirstPages, type ExportCursor } from "./common.server";

/** Admin users: list, roles, create, update, delete, toggle status, CSV export (spec 7 Admin). */

export type AdminRole = { id: number; name: string; description: string };

export type AdminUserRow = {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  role: AdminRole;
  isEmailVerified: boolean;
  isActive: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  subscription: { status: string; typeName: string; isCurrent: boolean } | null;
  _count: { transcriptions: number };
};

export async function listRoles(db: Executor = getDb()): Promise<AdminRole[]> {
  return db.select({ id: roles.id, name: roles.name, description: roles.description }).from(roles).orderBy(roles.id);
}

function userFilters(q: Pick<UsersQuery, "search" | "role" | "status" | "active">): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (q.role) conditions.push(eq(roles.name, q.role));
  if (q.status) conditions.push(eq(users.isEmailVerified, q.status === "verified"));
  if (q.active) conditions.push(eq(users.isActive, q.active === "active"));
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  createdAt: users.createdAt,
  name: users.name,
  email: users.email,
  lastLoginAt: users.lastLoginAt,
  isActive: users.isActive,
  role: roles.name,
} as const;

const rowColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  avatar: users.avatar,
  roleId: roles.id,
  roleName: roles.name,
  roleDescription: roles.description,
  isEmailVerified: users.isEmailVerified,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** The subscription shown per user: the active one if any, else the most recent. */
async function subscriptionsFor(userIds: string[], db: Executor) {
  if (userIds.length === 0) return new Map<string, AdminUserRow["subscription"]>();
  const now = new Date();
  const rows = await db
    .selectDistinctOn([userSubscriptions.userId], {
      userId: userSubscriptions.userId,
      status: userSubscriptions.status,
      typeName: subscriptionTypes.name,
      isCurrent: sql<boolean>`coalesce(${activeSubscriptionCondition(now)}, false)`,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(inArray(userSubscriptions.userId, userIds))
    .orderBy(userSubscriptions.userId, sql`coalesce(${activeSubscriptionCondition(now)}, false) desc`, sql`${userSubscriptions.createdAt} desc`);
  return new Map(rows.map((r) => [r.userId, { status: r.status, typeName: r.typeName, isCurrent: r.isCurrent }]));
}

async function transcriptionCounts(userIds: string[], db: Executor) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ userId: transcriptions.userId, n: count() })
    .from(transcriptions)
    .where(inArray(transcriptions.userId, userIds))
    .groupBy(transcriptions.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

type BaseRow = {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  roleId: number;
  roleName: string;
  roleDescription: string;
  isEmailVerified: boolean;
  isActive: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
};

async function decorate(rows: BaseRow[], db: Executor): Promise<AdminUserRow[]> {
  const ids = rows.map((r) => r.id);
  const [subs, counts] = await Promise.all([subscriptionsFor(ids, db), transcriptionCounts(ids, db)]);
  return rows.map(({ roleId, roleName, roleDescription, ...r }) => ({
    ...r,
    role: { id: roleId, name: roleName, description: roleDescription },
    subscription: subs.get(r.id) ?? null,
    _count: { transcriptions: counts.get(r.id) ?? 0 },
  }));
}

export async function listUsers(q: UsersQuery, db: Executor = getDb()): Promise<{ users: AdminUserRow[]; pagination: Pagination }> {
  const where = userFilters(q);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
    db
      .select(rowColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sortBy], q.sortOrder, users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { users: await decorate(rows, db), pagination: pagination(q.page, q.limit, total) };
}

export async function getAdminUser(id: string | undefined, db: Executor = getDb()): Promise<AdminUserRow> {
  if (!isUuid(id)) throw notFound();
  const rows = await db.select(rowColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  if (!rows[0]) throw notFound();
  return (await decorate(rows, db))[0];
}

async function validate(input: unknown, mode: AdminUserMode, db: Executor) {
  const roleList = await listRoles(db);
  const result = adminUserSchema({ mode, roleIds: roleList.map((r) => r.id) }).safeParse(input);
  if (!result.success) throw badRequest(zodIssueMessage(result.error, MSG.invalidUserData));
  return { data: result.data, roleList };
}

async function emailTaken(email: string, exceptId: string | undefined, db: Executor): Promise<boolean> {
  const conditions = [sql`lower(${users.email}) = ${email.toLowerCase()}`];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

export async function createUser(actor: SessionUser, input: unknown, db: Executor = getDb()): Promise<AdminUserRow> {
  const { data } = await validate(input, "create", db);
  if (await emailTaken(data.email, undefined, db)) throw conflict(MSG.adminEmailTaken);
  try {
    const passwordHash = await hashPassword(data.password!);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: data.email,
          name: data.name,
          passwordHash,
          roleId: data.roleId,
          isActive: data.isActive,
          isEmailVerified: data.isEmailVerified,
        })
        .returning({ id: users.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "user.create",
        targetType: "user",
        targetId: row.id,
        details: { roleId: data.roleId, isActive: data.isActive, isEmailVerified: data.isEmailVerified },
      });
      return row;
    });
    return getAdminUser(created.id, db);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.adminEmailTaken);
    throw error;
  }
}

/**
 * Locks every active admin row and refuses when `targetId` is the only one left. Two admins
 * demoting each other at the same moment therefore cannot leave the install without an admin.
 */
async function assertNotLastAdmin(targetId: string, tx: Executor): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, "ADMIN"), eq(users.isActive, true)))
    .for("update", { of: users });
  if (!admins.some((a) => a.id !== targetId)) throw new ApiError(409, MSG.adminLastAdmin);
}

async function lockTarget(id: string | undefined, tx: Executor) {
  if (!isUuid(id)) throw notFound();
  const [target] = await tx
    .select({ id: users.id, roleName: roles.name, isActive: users.isActive })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .for("update", { of: users });
  if (!target) throw notFound();
  return target;
}

export async function updateUser(actor: SessionUser, id: string | undefined, input: unknown): Promise<AdminUserRow> {
  const db = getDb();
  const { data, roleList } = await validate(input, "edit", db);
  const newRole = roleList.find((r) => r.id === data.roleId)!;
  await db
    .transaction(async (tx) => {
      const target = await lockTarget(id, tx);
      const [before] = await tx
        .select({ roleId: users.roleId, isEmailVerified: users.isEmailVerified, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, target.id));
      if (target.id === actor.id && !data.isActive) throw badRequest(MSG.adminCannotDeactivateSelf);
      const losesAdmin = target.roleName === "ADMIN" && target.isActive && (newRole.name !== "ADMIN" || !data.isActive);
      if (losesAdmin) await assertNotLastAdmin(target.id, tx);
      if (await emailTaken(data.email, target.id, tx)) throw conflict(MSG.adminEmailTaken);
      await tx
        .update(users)
        .set({
          email: data.email,
          name: data.name,
          roleId: data.roleId,
          isActive: data.isActive,
          isEmailVerified: data.isEmailVerified,
          ...(data.password ? { passwordHash: await hashPassword(data.password) } : {}),
        })
        .where(eq(users.id, target.id));
      const flag = <T>(a: T, b: T) => (a === b ? undefined : { before: a as never, after: b as never });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "user.update",
        targetType: "user",
        targetId: target.id,
        details: {
          roleId: flag(before.roleId, data.roleId),
          isActive: flag(target.isActive, data.isActive),
          isEmailVerified: flag(before.isEmailVerified, data.isEmailVerified),
          emailChanged: before.email !== data.email || undefined,
          nameChanged: before.name !== data.name || undefined,
          passwordChanged: Boolean(data.password) || undefined,
        },
      });
      // A new password or a deactivation ends the user's other sessions (never the acting admin's own).
      if ((data.password || !data.isActive) && target.id !== actor.id) await tx.delete(sessions).where(eq(sessions.userId, target.id));
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(MSG.adminEmailTaken);
      throw error;
    });
  return getAdminUser(id, db);
}

export async function toggleUserStatus(actor: SessionUser, id: string | undefined): Promise<AdminUserRow> {
  const db = getDb();
  await db.transaction(async (tx) => {
    const target = await lockTarget(id, tx);
    if (target.isActive) {
      if (target.id === actor.id) throw badRequest(MSG.adminCannotDeactivateSelf);
      if (target.roleName === "ADMIN") await assertNotLastAdmin(target.id, tx);
      await tx.delete(sessions).where(eq(sessions.userId, target.id));
    }
    await tx.update(users).set({ isActive: !target.isActive }).where(eq(users.id, target.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.toggle",
      targetType: "user",
      targetId: target.id,
      details: { isActive: { before: target.isActive, after: !target.isActive } },
    });
  });
  return getAdminUser(id, db);
}

/** Deletes the user with everything they own, as «Elimina il mio account» does (account/erase.server.ts). */
export async function deleteUser(actor: SessionUser, id: string | undefined): Promise<{ id: string }> {
  const erased = await getDb().transaction(async (tx) => {
    const target = await lockTarget(id, tx);
    if (target.id === actor.id) throw badRequest(MSG.adminCannotDeleteSelf);
    if (target.roleName === "ADMIN") await assertNotLastAdmin(target.id, tx);
    const erased = await eraseUserRows(tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.delete",
      targetType: "user",
      targetId: target.id,
      details: { role: target.roleName, transcriptions: erased.transcriptionIds.length, ordersKept: erased.ordersKept },
    });
    return erased;
  });
  await removeErasedFiles(erased);
  return { id: id! };
}

// ---------------------------------------------------------------- export

export function exportUsersCsv(q: Pick<UsersQuery, "search" | "role" | "status" | "active">, db: Executor = getDb()): Response {
  const where = userFilters(q);
  type Row = Awaited<ReturnType<typeof batch>>[number];
  const pages = newestFirstPages(users.createdAt, users.id);
  const batch = (after: ExportCursor | undefined) =>
    db
      .select({
        ...rowColumns,
        cursorAt: pages.cursorAt,
        transcriptionCount: sql<number>`(select count(*) from transcriptions t where t.user_id = users.id)::int`,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(where, pages.after(after)))
      .orderBy(...pages.order)
      .limit(EXPORT_BATCH);
  return csvResponse<Row>(
    "users",
    ["ID", "Email", "Nome", "Ruolo", "Email verificata", "Attivo", "Trascrizioni", "Ultimo accesso", "Creato il"],
    batch,
    (r) => [
      r.id,
      r.email,
      r.name,
      r.roleName,
      r.isEmailVerified ? "Sì" : "No",
      r.isActive ? "Sì" : "No",
      r.transcriptionCount,
      r.lastLoginAt,
      r.createdAt,
    ],
  );
}
