import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "./config.server";
import { log } from "./logger.server";

/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport and any SMTP
 * failure (connection refused, 4xx, timeout) is thrown to the caller, so a job can retry it.
 * Without SMTP_URL each message is written as an .eml file under DATA_DIR/outbox and one log
 * line names the file (plus a hint such as the verification code), so a local user can read it.
 */

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A fixed Message-ID (e.g. one per delivery, the same on every attempt). */
  messageId?: string;
  /** Appended to the outbox log line only (e.g. "codice 123456"); never sent. */
  logHint?: string;
};

export type SentMail = { messageId: string; file?: string };

const globalForMail = globalThis as unknown as { __verbaleSmtp?: { url: string; transporter: Transporter } };

/**
 * SMTP limits, in seconds rather than nodemailer's minutes: a server that does not answer, does
 * not greet or stalls mid-message fails the attempt quickly instead of holding it (and whatever
 * waits on it) for ten minutes. At most 3 connections at once, reused between messages.
 */
export const SMTP_LIMITS = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 60_000,
  dnsTimeoutMs: 10_000,
  maxConnections: 3,
};

function smtpTransport(url: string): Transporter {
  const cached = globalForMail.__verbaleSmtp;
  if (cached && cached.url === url) return cached.transporter;
  cached?.transporter.close();
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_LIMITS.maxConnections,
    connectionTimeout: SMTP_LIMITS.connectionTimeoutMs,
    greetingTimeout: SMTP_LIMITS.greetingTimeoutMs,
    socketTimeout: SMTP_LIMITS.socketTimeoutMs,
    dnsTimeout: SMTP_LIMITS.dnsTimeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  globalForMail.__verbaleSmtp = { url, transporter };
  return transporter;
}

/** Closes the pooled SMTP connection, if any (tests, shutdown). */
export function closeMailTransport(): void {
  globalForMail.__verbaleSmtp?.transporter.close();
  globalForMail.__verbaleSmtp = undefined;
}

export function outboxDir(): string {
  return path.join(getConfig().DATA_DIR, "outbox");
}

export async function sendMail(message: MailMessage): Promise<SentMail> {
  const config = getConfig();
  const mail = {
    from: config.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  };
  if (config.SMTP_URL) {
    const info = await smtpTransport(config.SMTP_URL).sendMail(mail);
    return { messageId: String(info.messageId) };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = (await transporter.sendMail(mail)) as { messageId: string; message: Buffer };
  const dir = outboxDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
  await fs.promises.writeFile(file, info.message);
  log.info(`[mail] SMTP_URL non configurato: email per ${message.to} scritta in ${file}${message.logHint ? ` (${message.logHint})` : ""}`);
  return { messageId: String(info.messageId), file };
}
