import { MINUTES_TEXT } from "~/lib/messages";

/**
 * Italian e-mail templates (HTML + plain text) for the account messages. Every template returns
 * { subject, text, html } ready for sendMail.
 */

export type MailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4338ca">Verbale</p>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#64748b">Hai ricevuto questa email perché il tuo indirizzo è stato usato su Verbale. Se non sei stato tu, puoi ignorarla.</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function verificationCodeEmail(options: { name: string; code: string; expiresInMinutes: number }): MailContent {
  const { name, code, expiresInMinutes } = options;
  const subject = `Il tuo codice di verifica Verbale: ${code}`;
  const text = [
    `Ciao ${name},`,
    "",
    "per completare la verifica del tuo indirizzo email inserisci questo codice:",
    "",
    `    ${code}`,
    "",
    `Il codice scade tra ${expiresInMinutes} minuti e può essere usato una sola volta.`,
    "Se non hai richiesto tu la registrazione, ignora questa email.",
    "",
    "Il team di Verbale",
  ].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Ciao ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">per completare la verifica del tuo indirizzo email inserisci questo codice:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace" data-code="${code}">${code}</p>
<p style="margin:0 0 16px">Il codice scade tra ${expiresInMinutes} minuti e può essere usato una sola volta.</p>
<p style="margin:0">Il team di Verbale</p>`,
  );
  return { subject, text, html };
}

export function passwordResetEmail(options: { name: string; link: string; expiresInHours: number }): MailContent {
  const { name, link, expiresInHours } = options;
  const subject = "Reimposta la tua password Verbale";
  const text = [
    `Ciao ${name},`,
    "",
    "abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.",
    "Apri questo link per sceglierne una nuova:",
    "",
    link,
    "",
    `Il link scade dopo ${expiresInHours} ore e può essere usato una sola volta.`,
    "Se non hai richiesto tu la reimpostazione, ignora questa email: la tua password resta invariata.",
    "",
    "Il team di Verbale",
  ].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Ciao ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Reimposta la password</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Se il pulsante non funziona, copia questo indirizzo nel browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px">Il link scade dopo ${expiresInHours} ore e può essere usato una sola volta.</p>
<p style="margin:0 0 16px">Se non hai richiesto tu la reimpostazione, ignora questa email: la tua password resta invariata.</p>
<p style="margin:0">Il team di Verbale</p>`,
  );
  return { subject, text, html };
}

export type MinutesDigest = {
  title: string;
  decisions: { text: string; timestamp: string | null }[];
  actionItems: { task: string; owner: string | null; due: string | null; timestamp: string | null }[];
};

/**
 * The e-mail that carries a Word document: the sender's message, then what the minutes say in
 * short (title, decisions, actions with owner and deadline), so the recipient sees the outcome
 * before opening the attachment.
 */
export function documentEmail(message: string, minutes: MinutesDigest): { text: string; html: string } {
  const at = (timestamp: string | null) => (timestamp ? ` [${timestamp}]` : "");
  const owner = (a: MinutesDigest["actionItems"][number]) =>
    `${MINUTES_TEXT.owner.toLowerCase()}: ${a.owner ?? MINUTES_TEXT.notSaid}; ${MINUTES_TEXT.due.toLowerCase()}: ${a.due ?? MINUTES_TEXT.notSaid}`;
  const text = [
    message,
    "",
    "—",
    `Verbale: ${minutes.title}`,
    "",
    `${MINUTES_TEXT.decisions}:`,
    ...(minutes.decisions.length ? minutes.decisions.map((d) => `- ${d.text}${at(d.timestamp)}`) : [`- ${MINUTES_TEXT.noDecisions}`]),
    "",
    `${MINUTES_TEXT.actionItems}:`,
    ...(minutes.actionItems.length ? minutes.actionItems.map((a) => `- ${a.task} (${owner(a)})${at(a.timestamp)}`) : [`- ${MINUTES_TEXT.noActionItems}`]),
    "",
    "Il verbale completo, con il riassunto, gli argomenti e la trascrizione, è nel documento Word allegato.",
  ].join("\n");
  const list = (items: string[]) => `<ul style="margin:0 0 16px;padding-left:20px">${items.map((i) => `<li style="margin:0 0 6px">${i}</li>`).join("")}</ul>`;
  const html = layout(
    minutes.title,
    `${message
      .split(/\n{2,}/)
      .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
      .join("")}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0 0 16px;font-size:16px;font-weight:bold">${escapeHtml(minutes.title)}</p>
<p style="margin:0 0 8px;font-weight:bold">${MINUTES_TEXT.decisions}</p>
${list(minutes.decisions.length ? minutes.decisions.map((d) => `${escapeHtml(d.text)}${escapeHtml(at(d.timestamp))}`) : [MINUTES_TEXT.noDecisions])}
<p style="margin:0 0 8px;font-weight:bold">${MINUTES_TEXT.actionItems}</p>
${list(minutes.actionItems.length ? minutes.actionItems.map((a) => `${escapeHtml(a.task)} <span style="color:#475569">(${escapeHtml(owner(a))})${escapeHtml(at(a.timestamp))}</span>`) : [MINUTES_TEXT.noActionItems])}
<p style="margin:0;font-size:13px;color:#475569">Il verbale completo, con il riassunto, gli argomenti e la trascrizione, è nel documento Word allegato.</p>`,
  );
  return { text, html };
}

/** Sent when the server finalized a recording the browser never came back to (issue 14). */
export function recordingFinalizedEmail(options: { name: string; link: string; outcome: "finalized" | "invalid" }): MailContent {
  const { name, link, outcome } = options;
  const subject = outcome === "finalized" ? "La tua registrazione interrotta è stata inviata" : "La tua registrazione interrotta non contiene audio";
  const lines =
    outcome === "finalized"
      ? [
          "una tua registrazione si è interrotta (pagina chiusa, browser o computer spenti) e non è stata inviata.",
          "Dopo 6 ore senza nuove parti l'abbiamo inviata noi con tutto l'audio arrivato al server: la trascrizione è in corso.",
        ]
      : ["una tua registrazione si è interrotta e l'audio arrivato al server non è riconoscibile: non è stato possibile trascriverla."];
  const text = [`Ciao ${name},`, "", ...lines, "", `Aprila qui: ${link}`, "", "Il team di Verbale"].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Ciao ${escapeHtml(name)},</p>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join("\n")}
<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="color:#4338ca">Apri la registrazione</a></p>
<p style="margin:0">Il team di Verbale</p>`,
  );
  return { subject, text, html };
}
