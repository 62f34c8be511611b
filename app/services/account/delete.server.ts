import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { roles, users } from "~/db/schema";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { ApiError, badRequest, forbidden, notFound } from "../api.server";
import { recordAudit } from "../audit.server";
import { log } from "../logger.server";
import { sendMail } from "../mail.server";
import { accountDeletedEmail } from "../mail-templates.server";
import { verifyPassword } from "../password.server";
import { eraseUserRows, removeErasedFiles } from "./erase.server";

/** «Elimina il mio account» (issue 32): DELETE /api/account and the /settings form. */

export const deleteAccountSchema = z.object({
  password: z.string().max(1000).optional(),
  email: z.string().max(320).optional(),
});

export async function deleteOwnAccount(userId: string, input: z.infer<typeof deleteAccountSchema>): Promise<void> {
  const { erased, email, name } = await getDb().transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash, role: roles.name, isActive: users.isActive })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId))
      .for("update", { of: users });
    if (!me) throw notFound();
    if (me.passwordHash) {
      if (!input.password) throw badRequest(PRIVACY_TEXT.passwordRequired);
      if (!(await verifyPassword(input.password, me.passwordHash))) throw forbidden(PRIVACY_TEXT.wrongPassword);
    } else {
      // A Google-only account has no password: typing its own address is the confirmation.
      if (!input.email?.trim()) throw badRequest(PRIVACY_TEXT.emailRequired);
      if (input.email.trim().toLowerCase() !== me.email.toLowerCase()) throw forbidden(PRIVACY_TEXT.wrongEmail);
    }
    if (me.role === "ADMIN" && me.isActive) {
      // Locks the other active admins too, so two last admins cannot both leave at once.
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(roles.name, "ADMIN"), eq(users.isActive, true), ne(users.id, me.id)))
        .for("update", { of: users });
      if (others.length === 0) throw new ApiError(400, PRIVACY_TEXT.lastAdmin);
    }
    const erased = await eraseUserRows(tx, me.id);
    await recordAudit(tx, {
      actorId: me.id,
      action: "account.self_delete",
      targetType: "user",
      targetId: me.id,
      details: {
        transcriptions: erased.transcriptionIds.length,
        subscriptionsCancelled: erased.subscriptionsCancelled,
        ordersKept: erased.ordersKept,
      },
    });
    return { erased, email: me.email, name: me.name };
  });
  await removeErasedFiles(erased);
  // The confirmation is best effort: the erasure has happened whether or not the mail leaves.
  await sendMail({ to: email, ...accountDeletedEmail({ name }) }).catch((error: unknown) =>
    log.error({ err: error, userId }, "[account] email di conferma non inviata"),
  );
}
