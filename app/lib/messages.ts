/**
 * Every Italian text of the product specification, word for word, in one place.
 * Components and services import from here; a spec text must not be written anywhere else.
 */

/** "1 minuto", "45 minuti" (used inside the messages below). */
function formatMinutesIt(minutes: number): string {
  return minutes === 1 ? "1 minuto" : `${minutes.toLocaleString("it-IT")} minuti`;
}

export const HTTP_ERRORS = {
  400: "Dati non validi.",
  401: "Sessione scaduta. Effettua nuovamente l'accesso.",
  403: "Non hai i permessi per eseguire questa operazione.",
  404: "Risorsa non trovata.",
  409: "Conflitto con risorsa esistente.",
  413: "File troppo grande.",
  429: "Troppe richieste, riprova più tardi.",
  500: "Errore interno del server. Riprova più tardi.",
} as const;

export const MSG = {
  // ---- generic
  networkError: "Network error",
  tooManyRequestsRetry: (retryAfter: string) => `Troppe richieste. Riprova tra ${retryAfter}.`,
  retryAfterDefault: "qualche minuti",
  httpError: (status: number) => `Errore HTTP: ${status}`,
  notImplemented: "Funzionalità non ancora implementata",
  toImplement: "Da implementare",
  // (not in the spec: the /api answer to an unsupported method, and to recording without a verified e-mail)
  methodNotAllowed: "Metodo non consentito.",
  verifyEmailRequired: "Devi verificare la tua email prima di continuare.",

  // ---- registration validation (spec 5, in order)
  nameRequired: "Il nome è obbligatorio",
  emailRequired: "L'email è obbligatoria",
  emailInvalid: "Inserisci un indirizzo email valido",
  passwordMin8: "La password deve essere di almeno 8 caratteri",
  passwordsMismatch: "Le password non corrispondono",
  termsRequired: "Devi accettare i termini e condizioni",

  // ---- password reset validation
  allFieldsRequired: "Tutti i campi sono obbligatori",
  passwordLowercase: "La password deve contenere almeno una lettera minuscola",
  passwordUppercase: "La password deve contenere almeno una lettera maiuscola",
  passwordDigit: "La password deve contenere almeno un numero",
  resetLinkExpiredInfo: "i link per il reset della password scadono dopo 5 ore",

  // ---- auth toasts
  registerErrorTitle: "Errore durante la registrazione",
  loginErrorTitle: "Errore durante l'accesso",
  oauthErrorTitle: "Errore durante l'accesso OAuth",
  verifyErrorTitle: "Errore durante la verifica email",
  sendEmailErrorTitle: "Errore durante l'invio dell'email",
  registerSuccess: "Registrazione completata con successo!",
  loginSuccess: "Accesso effettuato con successo!",
  emailVerified: "Email verificata con successo!",
  verificationSent: "Email di verifica inviata!",
  logoutSuccess: "Disconnessione effettuata con successo!",
  googleAuthUrlUnavailable: "Impossibile ottenere l'URL di autorizzazione Google",
  googleAuthUrlInvalid: "URL di autorizzazione non valido",
  userEmailUnavailable: "Email utente non disponibile",
  forgotErrorTitle: "Errore",
  forgotErrorDefault: "Si è verificato un errore durante l'invio dell'email.",
  emailSentSuccess: "Email inviata con successo!",
  googleCallbackError: "Errore durante l'autenticazione Google",
  googleNoCode: "Nessun codice di autorizzazione ricevuto",
  googleSuccess: "Accesso con Google completato!",

  // ---- accounts: server answers and auth screens (not worded by the spec)
  passwordRequired: "La password è obbligatoria",
  codeFormat: "Il codice deve contenere 6 cifre",
  invalidCredentials: "Email o password non corretti",
  accountInactive: "Il tuo account è disattivato. Contatta il supporto.",
  emailTaken: "Esiste già un account registrato con questa email",
  verificationCodeSent: "Ti abbiamo inviato un codice di verifica a 6 cifre via email.",
  unverifiedLoginCodeSent: "Email non verificata: ti abbiamo inviato un nuovo codice di verifica.",
  // The login of an unverified user while a code sent less than 60 s ago is still valid, or
  // when the mail could not go out: the message must not promise a code that is not coming.
  unverifiedLoginCodeRecent: "Email non verificata: usa il codice che ti abbiamo appena inviato.",
  unverifiedLoginCodeNotSent: "Email non verificata: non è stato possibile inviare il codice. Riprova tra poco.",
  codeInvalid: "Codice di verifica non valido",
  codeExpired: "Il codice di verifica non è più valido. Richiedine uno nuovo.",
  codeSpent: "Troppi tentativi errati: il codice non è più valido. Richiedine uno nuovo.",
  alreadyVerified: "La tua email è già verificata",
  forgotPasswordSent: "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password.",
  resetLinkSentNotice: "Ti abbiamo inviato un link per reimpostare la password. Il link scade tra 5 ore.",
  resetLinkInvalid: "Link per il reset della password non valido o già utilizzato.",
  resetLinkExpired: "Il link per il reset della password è scaduto.",
  resetLinkExpiredTitle: "Link scaduto",
  passwordResetDone: "Password reimpostata con successo! Ora puoi accedere con la nuova password.",
  oauthStateInvalid: "Sessione di accesso con Google non valida o scaduta. Riprova.",
  oauthProviderUnsupported: "Provider di accesso non supportato",
  googleEmailNotVerified: "L'email del tuo account Google non è verificata",
  googleInProgress: "Autenticazione con Google in corso...",
  spamHint: "Non trovi l'email? Controlla anche la cartella spam.",
  retryIn: (seconds: number) => `Riprova tra ${seconds}s`,
  socialNotImplemented: (provider: string) => `L'accesso con ${provider} non è ancora implementato`,
  verifyEmailRequiredHint: "Per continuare verifica il tuo indirizzo email con il codice che ti abbiamo inviato.",
  accessRequiredHint: "Accedi o registrati per continuare.",

  // ---- guards
  accessRequired: "Accesso richiesto",
  accessRequiredTitle: "Accesso Richiesto",
  subscriptionRequiredTitle: "Sottoscrizione Richiesta",
  checkingSubscription: "Verifica sottoscrizione...",
  planRequired: "Piano richiesto",
  seePlans: "Vedi Piani",

  // ---- user menu
  emailNotVerified: "Email non verificata",
  loadingPlan: "Caricamento piano...",
  subscribeToPlan: "Sottoscrivi un piano",
  mySubscriptions: "Le mie sottoscrizioni",
  myPayments: "I miei pagamenti",
  adminDashboard: "Dashboard Admin",
  editProfile: "Modifica profilo",
  settings: "Impostazioni",
  logout: "Esci",

  // ---- recorder
  recording: "Registrazione in corso...",
  recordingPaused: "Registrazione in pausa...",
  recordingDone: "Registrazione completata!",
  micDenied: "Accesso al microfono negato. Controlla le impostazioni del browser.",
  limitReached: "Hai raggiunto il limite massimo di trascrizioni per il tuo abbonamento.",
  uploadErrorTitle: "Errore caricamento audio",
  uploadError: "Si è verificato un errore durante il caricamento dell'audio. Riprova più tardi.",
  // (not in the spec: recorder and upload texts of issue 5)
  recordStart: "Avvia registrazione",
  recordPause: "Pausa",
  recordResume: "Riprendi",
  recordStop: "Termina",
  recordDiscard: "Elimina registrazione",
  confirmSendTitle: "Inviare la registrazione?",
  confirmSendText: "La registrazione verrà caricata e trascritta. Vuoi continuare?",
  confirmSend: "Invia",
  cancel: "Annulla",
  close: "Chiudi",
  keepAwakeTitle: "Mantenere lo schermo acceso?",
  keepAwakeText: "Per non interrompere la registrazione, lo schermo può restare acceso finché registri.",
  keepAwakeYes: "Mantieni acceso",
  keepAwakeNo: "No, grazie",
  limitTitle: "Limite raggiunto",
  uploadFile: "Carica un file audio",
  uploadDropHint: "Trascina qui un file audio o video (webm, ogg, mp3, m4a, wav, flac, mp4, mov)",
  uploading: "Caricamento in corso...",
  uploadRetry: "Riprova il caricamento",
  uploadSaveLocal: "Salva la registrazione sul dispositivo",
  uploadKeptNotice: "La registrazione non è andata persa: puoi riprovare il caricamento o salvarla sul dispositivo.",
  notAudioFile: "Il file non contiene audio riconoscibile.",
  // (not in the spec: issue 21, decision 006)
  unsupportedMediaFormat:
    "Formato non supportato: carica un file audio o video (webm, ogg, mp3, m4a, aac, wav, flac, mp4, mov). Playlist e altri formati non sono accettati.",
  uploadIncomplete: "Il caricamento si è interrotto prima della fine del file. Riprova.",
  audioTooLong: (maxMinutes: number) =>
    `L'audio dura più di ${formatMinutesIt(maxMinutes)}: il tuo piano accetta registrazioni fino a ${formatMinutesIt(maxMinutes)} per file.`,
  monthlyMinutesReached: (maxMinutes: number, remainingMinutes: number) =>
    remainingMinutes > 0
      ? `L'audio supera i minuti rimasti questo mese (${formatMinutesIt(remainingMinutes)} su ${formatMinutesIt(maxMinutes)} del tuo piano).`
      : `Hai esaurito i ${formatMinutesIt(maxMinutes)} di audio del mese previsti dal tuo piano.`,
  recordInstructionsTitle: "Come funziona",
  recordPageTitle: "Registra",
  // (not in the spec: a recording is never lost, issue 14 and decision 009)
  recordingRecovered: "Registrazione recuperata",
  recordingRecoveredText:
    "Questa registrazione non è stata inviata (pagina ricaricata, browser chiuso o computer spento). Non è andata persa: puoi inviarla ora.",
  recordingRecoveredSend: "Invia la registrazione",
  recordingRecoveredDelete: "Elimina",
  recordingRecoveredBanner: "Hai una registrazione non inviata.",
  recordingRecoveredBannerLink: "Recuperala",
  recordingRecoveredDeleted: "Registrazione eliminata.",
  recordingRecoveredSending: "Invio in corso...",
  recordingPendingUpload: (seconds: number) => `Audio in attesa di caricamento: ${seconds} s`,
  recordingAllUploaded: "Audio salvato sul server man mano che registri.",
  recordingOffline: "Connessione assente: la registrazione continua e viene salvata nel browser; il caricamento riprende appena torna la rete.",
  recordingLowQuota: (minutes: number) =>
    `Lo spazio libero nel browser basta per circa ${minutes} minuti di registrazione (ne servirebbero 180). La registrazione viene comunque caricata sul server mentre registri; libera spazio sul dispositivo se la connessione è instabile.`,
  recordingLeaveWarning:
    "La registrazione è in corso o non è ancora stata caricata del tutto: se esci ora potrai recuperarla riaprendo la pagina Registra.",
  recordingStorageFull: "Lo spazio del tuo piano è esaurito: la registrazione è stata fermata. Quanto registrato finora è salvato e puoi inviarlo.",
  recordingMaxSize:
    "La registrazione ha raggiunto la dimensione massima consentita dal tuo piano: è stata fermata. Quanto registrato finora è salvato e puoi inviarlo.",
  recordingAlreadySent: "La registrazione è già stata inviata: non si possono aggiungere altre parti.",
  recordingChunkOutOfOrder: "Parte della registrazione fuori sequenza: il caricamento riprende dalla parte mancante.",
  recordingChunkTooLarge: "Parte della registrazione troppo grande.",
  recordingChunkInvalid: "Numero di parte della registrazione non valido.",
  recordingEmpty: "La registrazione è vuota: non c'è nulla da inviare.",
  recordingNotAudio: "La registrazione non contiene audio riconoscibile: non può essere trascritta. Le altre registrazioni non sono state toccate.",
  recordingInterrupted: "Registrazione interrotta: il server ha ricevuto l'audio fino all'interruzione.",
  recordingFinalize: "Invia quanto ricevuto",
  recordingFinalized: "Registrazione inviata per la trascrizione.",
  recordingFinalizeError: "Impossibile inviare la registrazione. Riprova più tardi.",
  // (not in the spec: live transcript while recording, issue 17 and decision 010)
  liveTitle: "Trascrizione in diretta",
  liveWaiting: "Le parole compaiono qui pochi secondi dopo essere state pronunciate.",
  livePaused: "Trascrizione in pausa: riprende quando riprendi la registrazione.",
  liveBehind: (seconds: number) =>
    `La trascrizione in diretta è indietro di ${seconds < 120 ? `${seconds} secondi` : `${Math.round(seconds / 60)} minuti`}: il server è occupato. Nulla va perso: il resto viene trascritto dopo «Invia».`,

  // ---- results
  transcriptionLoadError: "Impossibile caricare la trascrizione. Verifica l'ID o riprova più tardi.",
  documentGenerateError: "Impossibile generare il documento. Riprova più tardi.",
  documentDownloadError: "Impossibile scaricare il documento. Riprova più tardi.",
  emailSendError: "Impossibile inviare l'email. Verifica l'indirizzo e riprova.",
  generateDocumentFirst: "Genera prima il documento.",
  defaultEmailSubject: "Riassunto della riunione",
  defaultEmailMessage: "Buongiorno,\n\nin allegato il documento con la trascrizione e il riassunto della riunione.\n\nCordiali saluti",
  generateDocument: "Genera Documento Word",
  downloadDocument: "Scarica Documento",
  sendByEmail: "Invia via Email",
  detailed: "Dettagliato",
  documentNotGenerated: "Non generato",
  transcriptionNotReady: "La trascrizione non è ancora completata.",
  transcriptionNotFoundBack: "Torna alla registrazione",
  emailSubjectRequired: "L'oggetto è obbligatorio",
  emailMessageRequired: "Il messaggio è obbligatorio",
  emailSending: "Invio in corso...",

  // ---- recordings list
  recordingsLoadError: "Errore durante il caricamento delle registrazioni",
  audioDownloadError: "Errore durante il download dell'audio",
  downloadStarted: "Download avviato",
  deleteTranscriptionError: "Errore durante l'eliminazione della trascrizione",
  transcriptionDeleted: "Trascrizione eliminata con successo",

  // ---- plans and subscriptions
  plansLoadError: "Errore nel caricamento dei piani",
  planSelectError: "Errore nella selezione del piano",
  verifyEmailToSelectPlan: "Devi verificare la tua email prima di poter selezionare un piano",
  loginToSelect: "Accedi per Selezionare",
  loginToBuy: "Accedi per Acquistare",
  paidPlanInDevelopment: "Il pagamento dei piani a pagamento è in sviluppo. Per ora puoi scegliere il piano gratuito.",
  subscriptionsLoadError: "Errore nel caricamento delle sottoscrizioni",
  cancelError: "Errore nella cancellazione",
  reactivateError: "Errore nella riattivazione",
  paymentsLoadError: "Errore nel caricamento dei pagamenti",
  usageLimitsError: "Impossibile caricare i limiti di sottoscrizione",
  subscriptionRequired: "Sottoscrizione richiesta",
  limitReachedBadge: "Limite raggiunto",
  noActiveSubscription: "Non hai un piano attivo. Scegli un piano per continuare.",
  subscriptionNotCancellable: "Solo una sottoscrizione attiva può essere cancellata.",
  subscriptionNotReactivable: "Solo una sottoscrizione gratuita cancellata può essere riattivata.",
  planNotAvailable: "Il piano selezionato non è disponibile.",
  subscriptionReplaced: "Sostituita da un nuovo piano",
  planAssigned: (name: string) => `Piano ${name} attivato con successo!`,

  // ---- admin
  noDataReceived: "Nessun dato ricevuto",
  /** Usage is counted per file in whole megabytes and minutes, rounded up (lib/usage megabytesFor, minutesFor): say so. */
  usageRounding: "Spazio e minuti si contano per file, arrotondati per eccesso: anche un file piccolo conta 1 MB e 1 minuto.",
  userUpdated: "Utente aggiornato con successo",
  userCreated: "Utente creato con successo",
  userDeleted: "Utente eliminato con successo",
  userStatusUpdated: "Stato utente aggiornato con successo",
  exportDone: "Esportazione completata con successo",
  rowActions: "Azioni",
  // Admin overview: each list says what is missing, not "no data received" (that is for a failed load).
  noTopUsers: "Nessuna trascrizione finora",
  noLatestUsers: "Nessun utente registrato",
  noRecentSubscriptions: "Nessuna sottoscrizione recente",
  noExpiringSubscriptions: "Nessuna sottoscrizione in scadenza nei prossimi 14 giorni",
  noTables: "Nessuna tabella",
  transcriptionRetried: "Trascrizione riavviata con successo",
  downloadDone: "Download completato con successo",
  subscriptionCancelled: "Sottoscrizione cancellata con successo",
  subscriptionReactivated: "Sottoscrizione riattivata con successo",
  planSaved: "Piano sottoscrizione creato/aggiornato con successo",
  planDeleted: "Piano sottoscrizione eliminato con successo",
  invalidUserData: "Dati utente non validi",
  missingUserId: "ID utente mancante",
  documentUnavailable: "Documento non disponibile",
  missingTranscriptionId: "ID trascrizione mancante",
  missingAuthToken: "Token di autenticazione mancante",
  operationFailed: (operation: string) => `${operation} fallita`,
  confirmDeletePlan: "Sei sicuro di voler eliminare questo piano di sottoscrizione?",
  pageOf: (page: number, total: number) => `Pagina ${page} di ${total}`,
  previous: "Precedente",
  next: "Successiva",

  // ---- admin user form
  adminEmailRequired: "Email è obbligatoria",
  adminEmailInvalid: "Email non valida",
  adminNameRequired: "Nome è obbligatorio",
  adminPasswordRequired: "Password è obbligatoria per nuovi utenti",
  adminPasswordMin6: "Password deve essere di almeno 6 caratteri",
  adminRoleRequired: "Ruolo è obbligatorio",
  adminRoleInvalid: "Ruolo selezionato non valido",

  // ---- admin rules and plan form (not worded by the spec; written in its style)
  adminEmailTaken: "Esiste già un utente con questa email.",
  adminCannotDeleteSelf: "Non puoi eliminare il tuo account.",
  adminCannotDeactivateSelf: "Non puoi disattivare il tuo account.",
  adminLastAdmin: "Non puoi rimuovere l'ultimo amministratore.",
  adminTextUnavailable: "Testo della trascrizione non disponibile",
  adminCancelOnlyActive: "Solo una sottoscrizione attiva e non già in cancellazione può essere cancellata.",
  adminReactivateOnlyEnded: "Solo una sottoscrizione cancellata o scaduta può essere riattivata.",
  adminOtherActiveSubscription: "L'utente ha già un'altra sottoscrizione attiva.",
  planDeleteWarning: "L'operazione non può essere annullata e potrebbe avere effetti sugli utenti esistenti.",
  planInUse: (count: number) =>
    `Impossibile eliminare il piano: ${count === 1 ? "1 sottoscrizione lo utilizza" : `${count} sottoscrizioni lo utilizzano`}. Disattivalo invece di eliminarlo.`,
  planCodeTaken: "Esiste già un piano con questo codice.",
  planCodeRequired: "Codice è obbligatorio",
  planCodeInvalid: "Il codice può contenere solo lettere maiuscole, numeri e trattini bassi",
  planNameRequired: "Nome è obbligatorio",
  planTypeRequired: "Tipo è obbligatorio",
  planCurrencyRequired: "Valuta è obbligatoria",
  planIntervalRequired: "Intervallo è obbligatorio",
  planPriceRequired: "Prezzo è obbligatorio per i piani a pagamento",
  planPriceMin: "Il prezzo deve essere almeno 0",
  planPriceStep: "Il prezzo può avere al massimo due decimali",
  planPriceMax: "Il prezzo può essere al massimo 99.999.999",
  tooLong: (max: number) => `Al massimo ${max} caratteri`,
  numberTooLarge: "Il valore può essere al massimo 1.000.000.000",
  adminPasswordMax: "La password può avere al massimo 200 caratteri",
  planTooManyFeatures: "Al massimo 50 caratteristiche",
  planMaxFileSizeRequired: "Dimensione massima file è obbligatoria",
  planMaxFileSizeMin: "La dimensione massima del file deve essere almeno 1 MB",
  planMaxRecordingsRequired: "Registrazioni al mese è obbligatorio",
  planMaxRecordingsMin: "Le registrazioni al mese devono essere almeno 0",
  planMaxStorageMin: "L'archivio in MB deve essere almeno 0",
  planSortOrderMin: "L'ordine deve essere almeno 0",
  planMaxMinutesPerFileMin: "I minuti per file devono essere almeno 1",
  planMaxMinutesPerMonthMin: "I minuti al mese devono essere almeno 0",
  planFeatureRequired: "Il testo della caratteristica è obbligatorio",
  planStatusUpdated: "Stato del piano aggiornato con successo",
  moreFeatures: (count: number) => `+${count} altre`,
} as const;

/** Corrections before sending (issue 16): refusals and labels, in Italian. */
export const EDIT_TEXT = {
  invalid: "Dati non validi.",
  titleEmpty: "Il titolo non può essere vuoto.",
  titleTooLong: "Il titolo può avere al massimo 200 caratteri.",
  summaryTooLong: "Il riassunto può avere al massimo 20.000 caratteri.",
  segmentEmpty: "Il testo del segmento non può essere vuoto.",
  segmentTooLong: (max: number) => `Il testo di un segmento può avere al massimo ${max.toLocaleString("it-IT")} caratteri.`,
  speakerEmpty: "Il nome del relatore non può essere vuoto.",
  speakerTooLong: "Il nome del relatore può avere al massimo 60 caratteri.",
  unknownSegment: (position: number) => `Il segmento ${position} non esiste in questa trascrizione.`,
  unknownSpeaker: (name: string) => `Nessun segmento ha il relatore «${name}».`,
  busy: "La trascrizione è ancora in elaborazione: potrai modificarla quando sarà completata.",
  saved: "Modifiche salvate.",
  restored: "Testo originale ripristinato.",
  edit: "Modifica",
  save: "Salva",
  cancel: "Annulla",
  restore: "Ripristina originale",
  speaker: "Relatore",
  speakers: "Relatori",
  rename: "Rinomina",
  noSpeakers: "Nessun relatore assegnato: modifica un segmento per indicare chi parla.",
  edited: (who: string, when: string) => `Modificato da ${who || "un utente"} il ${when}.`,
  staleDocument: "Il documento Word è stato generato prima delle ultime modifiche: sarà rigenerato al download o all'invio.",
  onePerLine: "Una voce per riga.",
  vocabularyTitle: "Vocabolario",
  vocabularyHelp:
    "Nomi, luoghi e termini tecnici che la trascrizione deve scrivere correttamente (uno per riga, al massimo 200): vengono suggeriti al motore di trascrizione nelle prossime registrazioni.",
  vocabularyTooMany: (max: number) => `Il vocabolario può contenere al massimo ${max} voci.`,
  vocabularyTooLong: (max: number) => `Ogni voce del vocabolario può avere al massimo ${max} caratteri.`,
  vocabularySaved: "Vocabolario salvato.",
  vocabularyOnRecord: (count: number) =>
    count === 0 ? "Nessun termine nel vocabolario." : count === 1 ? "1 termine nel vocabolario." : `${count} termini nel vocabolario.`,
} as const;

/** Which engine made the minutes, shown under them (not in the spec). */
export const ANALYSIS_ENGINE_LABEL: Record<string, string> = {
  llm: "modello linguistico locale",
  local: "analizzatore estrattivo locale",
  openai: "servizio di analisi compatibile OpenAI",
};

/** The minutes' sections (page, Word document, TXT export, e-mail). */
export const MINUTES_TEXT = {
  decisions: "Decisioni",
  actionItems: "Azioni da fare",
  noDecisions: "Nessuna decisione individuata.",
  noActionItems: "Nessuna azione individuata.",
  task: "Attività",
  owner: "Responsabile",
  due: "Scadenza",
  minute: "Minuto",
  notSaid: "—",
  madeBy: (label: string, model: string | null) => `Verbale redatto da: ${label}${model ? ` (${model})` : ""}.`,
} as const;

/** Pipeline stages shown while a transcription runs (not in the spec). */
export const PIPELINE_STAGE_LABEL: Record<string, string> = {
  queued: "In coda",
  preparing: "Preparazione del modello",
  decoding: "Decodifica dell'audio",
  transcribing: "Trascrizione in corso",
  diarizing: "Riconoscimento dei relatori",
  analyzing: "Analisi in corso",
  completed: "Completata",
  failed: "Fallita",
};

/** Plain Italian failure messages of the pipeline (the technical reason stays in failureReason). */
export const PIPELINE_ERRORS = {
  generic: "Non è stato possibile completare la trascrizione. Riprova più tardi.",
  analysis: "Non è stato possibile completare l'analisi della trascrizione. Riprova più tardi.",
  audioUnreadable: "Il file audio non può essere letto: potrebbe essere danneggiato.",
  workerCrashed: "L'elaborazione si è interrotta in modo imprevisto. Riprova più tardi.",
  serviceAuth: "Il servizio di trascrizione ha rifiutato la chiave API: controlla OPENAI_API_KEY.",
  serviceBusy: "Il servizio di trascrizione è sovraccarico. Riprova tra qualche minuto.",
  serviceDown: "Il servizio di trascrizione non è al momento disponibile. Riprova più tardi.",
  serviceTimeout: "Il servizio di trascrizione non ha risposto in tempo. Riprova più tardi.",
  serviceUnreachable: "Impossibile contattare il servizio di trascrizione. Controlla la connessione o OPENAI_BASE_URL.",
  serviceRejected: "Il servizio di trascrizione ha rifiutato la richiesta.",
  serviceModel: (model: string) => `Il modello "${model}" non è disponibile sul servizio configurato.`,
  analysisInvalid: "Il servizio di analisi ha restituito una risposta non valida.",
  notFailed: "Solo una trascrizione fallita può essere riavviata.",
  notCompleted: "L'analisi può essere ripetuta solo su una trascrizione completata.",
} as const;

/** Italian labels of the statuses of spec section 4. */
export const JOB_STATUS_LABEL = {
  RECORDING: "In registrazione",
  PENDING: "In attesa",
  PROCESSING: "Elaborazione",
  COMPLETED: "Completata",
  FAILED: "Fallita",
} as const;

export const SUBSCRIPTION_STATUS_LABEL = {
  ACTIVE: "Attiva",
  CANCELLED: "Cancellata",
  SUSPENDED: "Sospesa",
  EXPIRED: "Scaduta",
  PENDING: "In attesa",
} as const;

export const ORDER_STATUS_LABEL = {
  PAID: "Pagato",
  PENDING: "In attesa",
  FAILED: "Fallito",
  CANCELLED: "Cancellato",
  REFUNDED: "Rimborsato",
} as const;
