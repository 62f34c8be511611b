import { z } from "zod";
import { MSG } from "~/lib/messages";

/**
 * One zod schema per account form, shared by the server (Remix actions, /api handlers) and the
 * browser (live checks that enable the submit buttons). Every field accepts anything and is read
 * as text, so the checks always run in the spec's order and the first issue is the message to show.
 */

const text = z.unknown().transform((v) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : ""));
const checkbox = z.unknown().transform((v) => v === true || v === "on" || v === "true" || v === "1");

const emailFormat = z.string().email();
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** RFC 5321 caps an address at 254 characters; longer ones are refused as invalid. */
export const isEmail = (email: string) => email.trim().length <= 254 && emailFormat.safeParse(email.trim()).success;
/**
 * What signing in accepts: any local@host, a single-label host included, as the browser's e-mail
 * field does. The first admin is admin@localhost by default; registration keeps isEmail.
 */
export const isSignInEmail = (email: string) => email.trim().length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email.trim());

type Ctx = z.RefinementCtx;
const fail = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });

function checkEmail(ctx: Ctx, email: string, valid: (email: string) => boolean = isEmail) {
  if (!email.trim()) fail(ctx, "email", MSG.emailRequired);
  else if (!valid(email)) fail(ctx, "email", MSG.emailInvalid);
}

/** Registration, spec 5 in order: name, email, e-mail format, password length, confirmation, terms. */
export const registerFormSchema = z
  .object({ name: text, email: text, password: text, confirmPassword: text, acceptTerms: checkbox })
  .superRefine((v, ctx) => {
    if (!v.name.trim()) fail(ctx, "name", MSG.nameRequired);
    checkEmail(ctx, v.email);
    if (v.password.length < 8) fail(ctx, "password", MSG.passwordMin8);
    if (v.confirmPassword !== v.password) fail(ctx, "confirmPassword", MSG.passwordsMismatch);
    if (!v.acceptTerms) fail(ctx, "acceptTerms", MSG.termsRequired);
  })
  .transform((v) => ({ name: v.name.trim(), email: normalizeEmail(v.email), password: v.password }));

/** POST /api/auth/register: only name, email and password are sent (spec 5). */
export const registerSchema = z
  .object({ name: text, email: text, password: text })
  .superRefine((v, ctx) => {
    if (!v.name.trim()) fail(ctx, "name", MSG.nameRequired);
    checkEmail(ctx, v.email);
    if (v.password.length < 8) fail(ctx, "password", MSG.passwordMin8);
  })
  .transform((v) => ({ name: v.name.trim().slice(0, 200), email: normalizeEmail(v.email), password: v.password }));

/** Login: e-mail and password both required. */
export const loginSchema = z
  .object({ email: text, password: text })
  .superRefine((v, ctx) => {
    checkEmail(ctx, v.email, isSignInEmail);
    if (!v.password) fail(ctx, "password", MSG.passwordRequired);
  })
  .transform((v) => ({ email: normalizeEmail(v.email), password: v.password }));

/** Forgot password, resend verification: e-mail required. */
export const emailOnlySchema = z
  .object({ email: text })
  .superRefine((v, ctx) => checkEmail(ctx, v.email, isSignInEmail))
  .transform((v) => ({ email: normalizeEmail(v.email) }));

/** Verification code as typed or pasted: non-digits stripped, cut to 6. */
export function sanitizeCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}

/** POST /api/auth/verify-email: e-mail and a code of exactly 6 digits. */
export const verifyEmailSchema = z
  .object({ email: text, code: text })
  .superRefine((v, ctx) => {
    checkEmail(ctx, v.email);
    if (!/^\d{6}$/.test(v.code.trim())) fail(ctx, "code", MSG.codeFormat);
  })
  .transform((v) => ({ email: normalizeEmail(v.email), code: v.code.trim() }));

/** The strength rules of a new password on the reset page, in the spec's order (after required, match). */
export const RESET_PASSWORD_RULES: { test: (password: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: MSG.passwordMin8 },
  { test: (p) => /[a-z]/.test(p), message: MSG.passwordLowercase },
  { test: (p) => /[A-Z]/.test(p), message: MSG.passwordUppercase },
  { test: (p) => /\d/.test(p), message: MSG.passwordDigit },
];

function checkStrength(ctx: Ctx, password: string) {
  for (const rule of RESET_PASSWORD_RULES) if (!rule.test(password)) fail(ctx, "password", rule.message);
}

/** The reset page form: both fields required, equal, then the strength rules (spec 5). */
export const resetPasswordFormSchema = z
  .object({ token: text, password: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    if (!v.password || !v.confirmPassword) fail(ctx, "password", MSG.allFieldsRequired);
    else if (v.password !== v.confirmPassword) fail(ctx, "confirmPassword", MSG.passwordsMismatch);
    else checkStrength(ctx, v.password);
    if (!v.token.trim()) fail(ctx, "token", MSG.resetLinkInvalid);
  })
  .transform((v) => ({ token: v.token.trim(), password: v.password }));

/** POST /api/auth/reset-password: token and password (the strength rules hold on the server too). */
export const resetPasswordSchema = z
  .object({ token: text, password: text })
  .superRefine((v, ctx) => {
    if (!v.token.trim() || !v.password) fail(ctx, "password", MSG.allFieldsRequired);
    else checkStrength(ctx, v.password);
  })
  .transform((v) => ({ token: v.token.trim(), password: v.password }));

/** POST /api/auth/oauth/login: provider google and the authorization code (state from the callback URL). */
export const oauthLoginSchema = z
  .object({ provider: text, code: text, state: text })
  .superRefine((v, ctx) => {
    if (v.provider !== "google") fail(ctx, "provider", MSG.oauthProviderUnsupported);
    if (!v.code) fail(ctx, "code", MSG.googleNoCode);
  })
  .transform((v) => ({ provider: "google" as const, code: v.code, state: v.state }));

export type FormCheck<T> =
  | { ok: true; data: T; error?: undefined; fieldErrors: Record<string, string> }
  | { ok: false; data?: undefined; error: string; fieldErrors: Record<string, string> };

/** Validates input: the first message in spec order, and the first message of each field. */
export function checkForm<S extends z.ZodTypeAny>(schema: S, input: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data, fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, error: result.error.issues[0]?.message ?? "", fieldErrors };
}

/** FormData as a plain object (first value of each field). */
export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}
