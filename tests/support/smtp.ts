import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it receives, parsed with
 * mailparser. Point SMTP_URL at `capture.url` and read what the app actually sent:
 *
 *   const smtp = await startSmtpCapture();
 *   useTestDatabase({ SMTP_URL: smtp.url })   // or setConfigForTests({ SMTP_URL: smtp.url })
 *   const mail = await smtp.waitForMessage("mario@esempio.it");
 *   const code = mail.text.match(/\b\d{6}\b/)[0];
 *   await smtp.stop();
 */

export type CapturedMail = {
  /** Envelope recipients (lower-cased). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: Buffer;
  parsed: ParsedMail;
  receivedAt: Date;
};

export type SmtpCapture = {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the next not-yet-taken message to `to` (already received or still to come). */
  waitForMessage: (to: string, options?: { timeoutMs?: number }) => Promise<CapturedMail>;
  /** Messages to `to` received so far (taken or not). */
  messagesTo: (to: string) => CapturedMail[];
  /**
   * The next `count` messages are refused with a transient 451 error (to test retries); with `to`,
   * only messages to that address count, so a mail another part of the app sends meanwhile (a
   * verification code sent after its answer) cannot use up the failure.
   */
  failNext: (count?: number, responseCode?: number, to?: string) => void;
  /** Forgets every received message. */
  clear: () => void;
  stop: () => Promise<void>;
};

type Waiter = { to: string; resolve: (mail: CapturedMail) => void; timer: NodeJS.Timeout };

export async function startSmtpCapture(options: Partial<SMTPServerOptions> = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new WeakSet<CapturedMail>();
  let waiters: Waiter[] = [];
  let failures = 0;
  let failureCode = 451;
  let failureTo: string | undefined;

  const deliver = (mail: CapturedMail) => {
    messages.push(mail);
    for (const waiter of [...waiters]) {
      if (!taken.has(mail) && mail.to.includes(waiter.to)) {
        taken.add(mail);
        clearTimeout(waiter.timer);
        waiters = waiters.filter((w) => w !== waiter);
        waiter.resolve(mail);
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    banner: "verbale test smtp",
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        if (failures > 0 && (!failureTo || recipients.includes(failureTo))) {
          failures -= 1;
          const error = new Error("Servizio temporaneamente non disponibile") as Error & { responseCode: number };
          error.responseCode = failureCode;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            deliver({
              to: recipients,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              raw,
              parsed,
              receivedAt: new Date(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(to, { timeoutMs = 10_000 } = {}) {
      const address = to.toLowerCase();
      const ready = messages.find((m) => !taken.has(m) && m.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise<CapturedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w.timer !== timer);
          reject(new Error(`Nessuna email per ${to} entro ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push({ to: address, resolve, timer });
      });
    },
    messagesTo: (to) => messages.filter((m) => m.to.includes(to.toLowerCase())),
    failNext(count = 1, responseCode = 451, to) {
      failures = count;
      failureCode = responseCode;
      failureTo = to?.toLowerCase();
    },
    clear() {
      messages.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const w of waiters) clearTimeout(w.timer);
        waiters = [];
        server.close(() => resolve());
      }),
  };
}

/** The six-digit verification code in a received message. */
export function extractCode(mail: CapturedMail): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`Nessun codice a 6 cifre nell'email "${mail.subject}"`);
  return match[1];
}

/** The first link in a received message whose path starts with `pathPrefix` (default /reset-password). */
export function extractLink(mail: CapturedMail, pathPrefix = "/reset-password"): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`Nessun link ${pathPrefix} nell'email "${mail.subject}"`);
}
