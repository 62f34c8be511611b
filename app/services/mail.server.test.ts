import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setConfigForTests } from "./config.server";
import { log } from "./logger.server";
import { closeMailTransport, outboxDir, sendMail } from "./mail.server";
import { passwordResetEmail, verificationCodeEmail } from "./mail-templates.server";
import { extractCode, extractLink, startSmtpCapture, type SmtpCapture } from "../../tests/support/smtp";

const dataDir = path.resolve(import.meta.dirname, "../../tests/.data", `mail-${process.pid}`);

describe("sendMail", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    closeMailTransport();
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes an .eml file under DATA_DIR/outbox and logs its name when SMTP_URL is not set", async () => {
    setConfigForTests({ DATA_DIR: dataDir, SMTP_URL: undefined });
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const content = verificationCodeEmail({ name: "Mario", code: "123456", expiresInMinutes: 15 });
    const result = await sendMail({ to: "mario@esempio.it", ...content, logHint: "codice 123456" });
    expect(result.messageId).toBeTruthy();
    expect(result.file?.startsWith(outboxDir())).toBe(true);
    const eml = fs.readFileSync(result.file!, "utf8");
    expect(eml).toContain("To: mario@esempio.it");
    expect(eml).toContain("123456");
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0][0])).toContain(result.file!);
    expect(String(info.mock.calls[0][0])).toContain("123456");
    info.mockRestore();
  });

  it("sends through SMTP with text, html and attachments", async () => {
    setConfigForTests({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
    const link = "http://localhost:3000/reset-password?token=abc";
    const content = passwordResetEmail({ name: "Anna <b>", link, expiresInHours: 5 });
    await sendMail({
      to: "anna@esempio.it",
      ...content,
      attachments: [{ filename: "verbale.docx", content: Buffer.from("ciao"), contentType: "application/octet-stream" }],
    });
    const mail = await smtp.waitForMessage("anna@esempio.it");
    expect(mail.from).toBe("noreply@verbale.test");
    expect(mail.subject).toBe(content.subject);
    expect(extractLink(mail).toString()).toBe(link);
    expect(mail.html).toContain("Anna &lt;b&gt;");
    expect(mail.parsed.attachments[0].filename).toBe("verbale.docx");
    expect(mail.parsed.attachments[0].content.toString()).toBe("ciao");
  });

  it("puts the code in both parts of the verification e-mail", async () => {
    setConfigForTests({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
    await sendMail({ to: "luca@esempio.it", ...verificationCodeEmail({ name: "Luca", code: "654321", expiresInMinutes: 15 }) });
    const mail = await smtp.waitForMessage("luca@esempio.it");
    expect(extractCode(mail)).toBe("654321");
    expect(mail.html).toContain("654321");
  });

  it("throws on a transient SMTP error so the caller can retry", async () => {
    setConfigForTests({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
    smtp.failNext(1, 451);
    await expect(sendMail({ to: "x@esempio.it", subject: "s", text: "t" })).rejects.toThrow();
    await sendMail({ to: "x@esempio.it", subject: "s2", text: "t" });
    expect((await smtp.waitForMessage("x@esempio.it")).subject).toBe("s2");
  });

  it("throws when the SMTP server cannot be reached", async () => {
    setConfigForTests({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:1" });
    await expect(sendMail({ to: "x@esempio.it", subject: "s", text: "t" })).rejects.toThrow();
  });
});
