/** The Italian texts of issue 32 (privacy and data rights): account deletion, export, retention, audit. */
export const PRIVACY_TEXT = {
  deleteTitle: "Elimina il mio account",
  deleteExplain:
    "Elimineremo il tuo account, le sessioni, le registrazioni, le trascrizioni, i verbali, i documenti e ogni file audio. I pagamenti restano per gli obblighi contabili, senza i tuoi dati. L'operazione non si può annullare.",
  deletePasswordLabel: "Password",
  deleteEmailLabel: "Scrivi la tua email per confermare",
  deleteConfirm: "Elimina definitivamente",
  accountDeleted: "Account eliminato. Ti abbiamo inviato un'email di conferma.",
  wrongPassword: "Password non corretta.",
  wrongEmail: "L'email non corrisponde al tuo account.",
  passwordRequired: "Inserisci la password per confermare.",
  emailRequired: "Inserisci la tua email per confermare.",
  lastAdmin: "Non puoi eliminare il tuo account: sei l'ultimo amministratore attivo.",
  exportTitle: "Scarica i miei dati",
  exportExplain:
    "Un archivio ZIP con il profilo, gli abbonamenti, i pagamenti e, per ogni trascrizione, il testo, l'analisi, i dettagli della riunione, le modifiche, l'audio originale (se ancora conservato) e il documento Word.",
  exportBusy: "Un'esportazione dei tuoi dati è già in corso. Attendi che finisca.",
  retentionTitle: "Conservazione dell'audio",
  deleteAudioWhenReady: "Elimina l'audio quando il verbale è pronto",
  deleteAudioHelp: "Trascrizione, verbale e documento restano; l'audio originale viene eliminato appena il verbale è pronto.",
  settingSaved: "Impostazione salvata.",
  audioDeletedOn: (date: string) => `Audio eliminato il ${date}`,
  audioGone: "L'audio di questa trascrizione è stato eliminato secondo le regole di conservazione.",
  auditTitle: "Registro attività",
  recordingReminder: "Ricorda di avvisare i partecipanti che la riunione viene registrata.",
} as const;
