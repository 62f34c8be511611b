import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Supporto — Verbale" }];

const faq = [
  { q: "Quali formati audio posso caricare?", a: "WebM, OGG/Opus, MP3, M4A/AAC, WAV, FLAC e l'audio di video MP4 o MOV." },
  { q: "Quanto tempo richiede la trascrizione?", a: "Dipende dalla durata: la pagina della trascrizione mostra l'avanzamento in tempo reale." },
  { q: "Perché devo verificare l'email?", a: "La verifica protegge il tuo account e serve per registrare e scegliere un piano." },
  {
    q: "Posso eliminare una registrazione?",
    a: "Sì, dalla pagina Trascrizioni: l'audio, il testo e il documento vengono eliminati e lo spazio torna disponibile.",
  },
  { q: "Come invio il documento ai partecipanti?", a: "Genera il documento Word dalla pagina della trascrizione e usa 'Invia via Email'." },
];

export default function Support() {
  return (
    <div className="page max-w-4xl">
      <h1 className="page-title">Supporto</h1>
      <p className="mt-2 text-slate-600">Siamo qui per aiutarti a ottenere il meglio da Verbale.</p>

      <section className="mt-10" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-xl font-semibold">
          Domande frequenti
        </h2>
        <div className="mt-4 space-y-3">
          {faq.map((item) => (
            <details key={item.q} className="card p-4">
              <summary className="cursor-pointer font-medium">{item.q}</summary>
              <p className="mt-2 text-sm text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="mt-10 grid gap-6 md:grid-cols-2">
        <div className="card" aria-labelledby="contacts-title">
          <h2 id="contacts-title" className="text-xl font-semibold">
            Contatti
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>
              Email:{" "}
              <a className="text-brand-700 underline" href="mailto:supporto@verbale.app">
                supporto@verbale.app
              </a>
            </li>
            <li>Tempo di risposta: entro 48 ore lavorative</li>
            <li>Disponibilità: dal lunedì al venerdì, 9-18 CET</li>
          </ul>
        </div>
        <div className="card" aria-labelledby="retention-title">
          <h2 id="retention-title" className="text-xl font-semibold">
            Conservazione dei dati
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            <li>Registrazioni audio: fino a 2 anni</li>
            <li>Dati di fatturazione: 10 anni</li>
            <li>Log di sicurezza: 12 mesi</li>
          </ul>
        </div>
      </section>

      <section className="card mt-10" aria-labelledby="guidelines-title">
        <h2 id="guidelines-title" className="text-xl font-semibold">
          Linee guida per registrazioni migliori
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-sm text-slate-700">
          <li>Posiziona il microfono vicino a chi parla ed evita rumori di fondo.</li>
          <li>Chiedi ai partecipanti di parlare uno alla volta.</li>
          <li>Informa sempre i partecipanti che la riunione viene registrata.</li>
          <li>Per riunioni lunghe usa l'app desktop o tieni lo schermo acceso.</li>
        </ul>
      </section>
    </div>
  );
}
