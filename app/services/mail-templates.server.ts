import { MINUTES_TEXT } from "~/lib/messages";

/**
 * Italian e-mail templates. Each message is written once, as blocks; the plain-text and the
 * HTML bodies are both rendered from them, so the two never say different things.
 */

export type MailContent = { subject: string; text: string; html: string };

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * A piece of a message: a paragraph (lines of one paragraph stay together in the text), a
 * verification code, a link (a button or a plain link in HTML, the address in the text), the
 * sender's own message (its paragraphs kept), a rule, a heading or a list.
 */
type Block =
  | string
  | { lines: string[] }
  | { code: string }
  | { link: string; label: string; style: "button" | "plain"; textPrefix?: string }
  | { message: string }
  | { heading: string; textPrefix: string }
  | { list: string; items: { text: string; html: string }[] }
  | { note: string };

const P = `<p style="margin:0 0 16px">`;

function blockText(block: Block): string {
  if (typeof block === "string") return block;
  if ("lines" in block) return block.lines.join("\n");
  if ("code" in block) return `    ${block.code}`;
  if ("link" in block) return `${block.textPrefix ?? ""}${block.link}`;
  if ("message" in block) return block.message;
  if ("heading" in block) return `—\n${block.textPrefix}${block.heading}`;
  if ("list" in block) return [`${block.list}:`, ...block.items.map((i) => `- ${i.text}`)].join("\n");
  return block.note;
}

function blockHtml(block: Block): string {
  if (typeof block === "string") return `${P}${escapeHtml(block)}</p>`;
  if ("lines" in block) return block.lines.map((l) => `${P}${escapeHtml(l)}</p>`).join("\n");
  if ("code" in block) {
    return `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace" data-code="${escapeHtml(block.code)}">${escapeHtml(block.code)}</p>`;
  }
  if ("link" in block) {
    const href = escapeHtml(block.link);
    if (block.style === "plain") return `${P}<a href="${href}" style="color:#4338ca">${escapeHtml(block.label)}</a></p>`;
    return `<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Se il pulsante non funziona, copia questo indirizzo nel browser:<br><a href="${href}">${href}</a></p>`;
  }
  if ("message" in block) {
    return block.message
      .split(/\n{2,}/)
      .map((p) => `${P}${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
      .join("");
  }
  if ("heading" in block) {
    return `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0 0 16px;font-size:16px;font-weight:bold">${escapeHtml(block.heading)}</p>`;
  }
  if ("list" in block) {
    return `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(block.list)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((i) => `<li style="margin:0 0 6px">${i.html}</li>`).join("")}</ul>`;
  }
  return `<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(block.note)}</p>`;
}

function render(title: string, blocks: Block[]): { text: string; html: string } {
  return { text: blocks.map(blockText).join("\n\n"), html: layout(title, blocks.map(blockHtml).join("\n")) };
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

const SIGNATURE = "Il team di Verbale";

export function verificationCodeEmail(options: { name: string; code: string; expiresInMinutes: number }): MailContent {
  const { name, code, expiresInMinutes } = options;
  const subject = `Il tuo codice di verifica Verbale: ${code}`;
  return {
    subject,
    ...render(subject, [
      `Ciao ${name},`,
      "per completare la verifica del tuo indirizzo email inserisci questo codice:",
      { code },
      {
        lines: [
          `Il codice scade tra ${expiresInMinutes} minuti e può essere usato una sola volta.`,
          "Se non hai richiesto tu la registrazione, ignora questa email.",
        ],
      },
      SIGNATURE,
    ]),
  };
}

export function passwordResetEmail(options: { name: string; link: string; expiresInHours: number }): MailContent {
  const { name, link, expiresInHours } = options;
  const subject = "Reimposta la tua password Verbale";
  return {
    subject,
    ...render(subject, [
      `Ciao ${name},`,
      { lines: ["abbiamo ricevuto una richiesta di reimpostazione della password del tuo account.", "Apri questo link per sceglierne una nuova:"] },
      { link, label: "Reimposta la password", style: "button" },
      {
        lines: [
          `Il link scade dopo ${expiresInHours} ore e può essere usato una sola volta.`,
          "Se non hai richiesto tu la reimpostazione, ignora questa email: la tua password resta invariata.",
        ],
      },
      SIGNATURE,
    ]),
  };
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
  const plain = (text: string) => ({ text, html: escapeHtml(text) });
  const decisions = minutes.decisions.length ? minutes.decisions.map((d) => plain(`${d.text}${at(d.timestamp)}`)) : [plain(MINUTES_TEXT.noDecisions)];
  const actions = minutes.actionItems.length
    ? minutes.actionItems.map((a) => ({
        text: `${a.task} (${owner(a)})${at(a.timestamp)}`,
        html: `${escapeHtml(a.task)} <span style="color:#475569">(${escapeHtml(owner(a))})${escapeHtml(at(a.timestamp))}</span>`,
      }))
    : [plain(MINUTES_TEXT.noActionItems)];
  return render(minutes.title, [
    { message },
    { heading: minutes.title, textPrefix: "Verbale: " },
    { list: MINUTES_TEXT.decisions, items: decisions },
    { list: MINUTES_TEXT.actionItems, items: actions },
    { note: "Il verbale completo, con il riassunto, gli argomenti e la trascrizione, è nel documento Word allegato." },
  ]);
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
  return {
    subject,
    ...render(subject, [`Ciao ${name},`, { lines }, { link, label: "Apri la registrazione", style: "plain", textPrefix: "Aprila qui: " }, SIGNATURE]),
  };
}

/** Sent after «Elimina il mio account» (issue 32), to the address the account had. */
export function accountDeletedEmail(options: { name: string }): MailContent {
  const subject = "Il tuo account Verbale è stato eliminato";
  const lines = [
    "come richiesto, abbiamo eliminato il tuo account con le registrazioni, le trascrizioni, i verbali e i documenti.",
    "Conserviamo solo i dati di pagamento richiesti dalla legge, senza collegamento al tuo account.",
  ];
  return { subject, ...render(subject, [`Ciao ${options.name},`, { lines }, SIGNATURE]) };
}
