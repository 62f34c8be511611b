/** The result page's and the admin overview's texts about the local LLM (issue 35). */
export const LLM_TEXT = {
  standIn: {
    downloading: "Verbale redatto dall'analizzatore estrattivo: il modello linguistico si sta scaricando",
    unavailable: "Verbale redatto dall'analizzatore estrattivo: il modello linguistico non è disponibile",
    slow: "Verbale redatto dall'analizzatore estrattivo: il modello linguistico sta scrivendo il suo, che lo sostituirà appena pronto",
  },
  regenerate: "Rigenera con il modello linguistico",
  versionReady: "Versione del modello linguistico pronta",
  versionReadyHint: "Hai corretto il verbale mentre il modello linguistico scriveva il suo: confronta le due versioni e scegli quale tenere.",
  useVersion: "Usa la versione del modello linguistico",
  keepVersion: "Tieni la mia versione",
  versionUsed: "Ora il verbale è quello del modello linguistico.",
  versionKept: "Hai tenuto la tua versione del verbale.",
  regenerating: "Nuova analisi con il modello linguistico in coda.",
  noVersion: "Nessuna versione del modello linguistico da scegliere.",
  engineSection: "Motore del verbale",
  liveMinutes: "Verbale in corso",
} as const;
