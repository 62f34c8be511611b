import { MEETING_LIMITS, type MeetingMode } from "./meeting";

/**
 * The Italian texts of the meeting details (issue 31): form labels and the 400 messages, each
 * naming the field it refuses. Kept beside meeting.ts rather than in it, so the contract file
 * stays the one others extend.
 */

export const MEETING_MODE_LABELS: Record<MeetingMode, string> = {
  presenza: "In presenza",
  online: "Online",
  mista: "Mista (in presenza e online)",
};

export const MEETING_TEXT = {
  title: "Dati della riunione",
  hint: "Facoltativi: data, luogo, presenti e ordine del giorno rendono il documento un verbale. Il verbale segue l'ordine del giorno punto per punto.",
  type: "Tipo di riunione",
  date: "Data",
  startTime: "Ora di inizio",
  endTime: "Ora di fine",
  place: "Luogo",
  mode: "Modalità",
  modeUnset: "Non indicata",
  chair: "Presidente",
  secretary: "Segretario",
  attendees: "Presenti",
  absentees: "Assenti",
  participantsHint: "Uno per riga: «Nome, ruolo, millesimi» (ruolo e millesimi facoltativi).",
  agenda: "Ordine del giorno",
  speakerCount: "Numero di partecipanti che parlano",
  speakerCountHint: "Facoltativo: aiuta a distinguere chi parla quando la trascrizione indica i relatori.",
  agendaHint: "Un punto per riga, nell'ordine della convocazione.",
  save: "Salva i dati della riunione",
  saved: "Dati della riunione salvati.",
  savedReanalysis: "Dati della riunione salvati: il verbale viene rifatto secondo l'ordine del giorno.",
  none: "Nessun dato della riunione: aggiungili per un verbale completo.",
  edit: "Modifica i dati della riunione",
  confirmTitle: "Rifare il verbale?",
  confirmText: "Hai corretto il verbale a mano. Per seguire il nuovo ordine del giorno va rifatto, e le tue correzioni andranno perse.",
  confirmReplace: "Rifai il verbale",
  confirmKeep: "Salva senza rifare il verbale",
  confirmNeeded:
    "Il verbale è stato corretto a mano: conferma se rifarlo secondo il nuovo ordine del giorno (replaceEditedMinutes: true) o salvare i dati lasciandolo com'è (replaceEditedMinutes: false).",
  deliberation: "Deliberazione",
  unanimous: "all'unanimità",
  votes: (favorevoli: string, contrari: string, astenuti: string) => `favorevoli ${favorevoli} / contrari ${contrari} / astenuti ${astenuti}`,
  agendaItem: (n: number) => `Punto ${n}`,
  noAgendaContent: "Nulla di rilevato su questo punto.",
  // --- 400 messages, each naming the field
  invalid: "Dati della riunione non validi: invia un oggetto JSON.",
  unknownField: (field: string) => `Dati della riunione: campo sconosciuto «${field}».`,
  badType: "Tipo di riunione non valido: scegli riunione, condominio, soci, cda o consiglio-classe.",
  badMode: "Modalità della riunione non valida: scegli presenza, online o mista.",
  badDate: "Data della riunione non valida: indica una data esistente nel formato AAAA-MM-GG.",
  badStartTime: "Ora di inizio non valida: indica un'ora esistente nel formato OO:MM.",
  badEndTime: "Ora di fine non valida: indica un'ora esistente nel formato OO:MM.",
  badText: (label: string) => `${label}: testo non valido o più lungo di ${MEETING_LIMITS.agendaItemChars} caratteri.`,
  agendaNotList: "Ordine del giorno non valido: deve essere un elenco di punti.",
  agendaTooMany: `L'ordine del giorno può avere al massimo ${MEETING_LIMITS.agendaItems} punti.`,
  agendaItemTooLong: (n: number) => `Il punto ${n} dell'ordine del giorno supera i ${MEETING_LIMITS.agendaItemChars} caratteri.`,
  agendaItemInvalid: (n: number) => `Il punto ${n} dell'ordine del giorno non è un testo.`,
  participantsNotList: (label: string) => `${label}: deve essere un elenco di persone.`,
  participantsTooMany: (label: string) => `${label}: al massimo ${MEETING_LIMITS.participants} persone.`,
  participantName: (label: string, n: number) => `${label}: la persona ${n} non ha un nome valido.`,
  participantRole: (label: string, n: number) => `${label}: il ruolo della persona ${n} non è valido.`,
  badShares: (label: string, n: number) => `${label}: i millesimi della persona ${n} devono essere un numero positivo o zero.`,
  badSpeakerCount: "Numero di partecipanti che parlano non valido: indica un numero intero da 1 a 50.",
} as const;
