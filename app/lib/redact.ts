/**
 * Keeps secrets out of log lines and error messages: the password part of any URL
 * (smtp://user:password@host, postgres://postgres:secret@127.0.0.1) and every literal secret the
 * configuration holds (API keys, client secrets, session secret) become "***".
 */

/** Environment variables whose whole value is a secret. */
export const SECRET_VARIABLES = [
  "SESSION_SECRET",
  "OPENAI_API_KEY",
  "ANALYSIS_API_KEY",
  "GOOGLE_CLIENT_SECRET",
  "ADMIN_PASSWORD",
  "S3_SECRET_ACCESS_KEY",
] as const;

// scheme://user:password@  (the password may hold anything but '@', '/' and whitespace)
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):([^\s@/]+)@/gi;

export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(URL_CREDENTIALS, "$1:***@");
  for (const secret of secrets) {
    // Short values ("1", "on") would mask innocent text; no real secret is that short.
    if (secret && secret.length >= 6) out = out.split(secret).join("***");
  }
  return out;
}
