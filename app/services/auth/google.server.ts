import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { badRequest, conflict, forbidden } from "../api.server";
import { createSession } from "../session.server";
import type { GoogleProfile } from "../google-oauth.server";
import { findUserByEmail, isUniqueViolation, limit, roleId, sessionUser, type AuthSuccess, type RequestMeta } from "./common.server";

/**
 * Signs in with a Google profile: the account already linked to it, else the user whose e-mail
 * matches Google's verified e-mail (linking it), else a new verified USER.
 */
export async function loginWithGoogleProfile(profile: GoogleProfile, meta: RequestMeta): Promise<AuthSuccess> {
  await limit("oauthPerIp", meta.ip);
  if (!profile.email) throw badRequest(MSG.userEmailUnavailable);
  const db = getDb();
  let [user] = await db.select().from(users).where(eq(users.googleId, profile.sub));
  if (!user) {
    if (!profile.emailVerified) throw badRequest(MSG.googleEmailNotVerified);
    const existing = await findUserByEmail(profile.email);
    if (existing) {
      [user] = await db
        .update(users)
        .set({ googleId: profile.sub, isEmailVerified: true, avatar: existing.avatar ?? profile.picture })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      try {
        [user] = await db
          .insert(users)
          .values({
            email: profile.email,
            name: profile.name.slice(0, 200),
            avatar: profile.picture,
            googleId: profile.sub,
            passwordHash: null,
            roleId: await roleId("USER"),
            isEmailVerified: true,
            isActive: true,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MSG.emailTaken);
        throw error;
      }
    }
  }
  if (!user.isActive) throw forbidden(MSG.accountInactive);
  const session = await createSession(user.id, meta);
  return { ...session, user: await sessionUser(user.id), message: MSG.googleSuccess };
}
