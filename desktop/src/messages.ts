/** Every Italian text the desktop shell shows itself (the web app has its own catalogue). */
export const messages = {
  splash: "Avvio di Verbale in corso…",
  startFailedTitle: "Verbale non si è avviato",
  startFailedGeneric: "Verbale non è riuscito ad avviarsi. Chiudi l'app e riprova; se il problema continua, riavvia il computer.",
  databaseLocked:
    "La cartella del database è già in uso da un'altra copia di Verbale. Chiudi l'altra copia (o attendi che finisca di chiudersi) e riprova.",
  portInUse: "La porta locale scelta da Verbale è occupata da un altro programma. Riprova tra qualche istante.",
  healthTimeout: (seconds: number) => `Verbale non ha risposto entro ${seconds} secondi. Il database o il servizio di trascrizione non sono pronti.`,
  buildMissing: "L'app web di Verbale non è stata compilata: esegui `npm run build` nella cartella principale del progetto.",
  detailsLabel: "Dettagli tecnici",
  quitButton: "Esci",
  transcriptionReadyTitle: "Trascrizione pronta",
  keepAwakeReason: "Registrazione in corso",
  leaveRecordingTitle: "La registrazione è in corso o non è ancora stata caricata del tutto.",
  leaveRecordingDetail: "Se chiudi ora non perdi nulla: riaprendo Verbale la trovi in «Registra» come registrazione recuperata.",
  leaveStay: "Resta",
  leaveAnyway: "Chiudi comunque",
  systemAudioOption: "Microfono e audio del computer",
  systemAudioOldMac: "Sul Mac l'audio del computer si registra da macOS 13 (Ventura) in poi: aggiorna il sistema o registra solo il microfono.",
  systemAudioNoMonitor:
    "Non trovo l'audio del computer: su Linux serve PulseAudio o PipeWire con il comando pactl. Puoi registrare solo il microfono.",
  systemAudioUnsupported: "Su questo sistema Verbale non può registrare l'audio del computer. Puoi registrare solo il microfono.",
} as const;
