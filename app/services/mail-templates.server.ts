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
