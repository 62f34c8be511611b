import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Verbale — Trascrivi e riassumi le tue riunioni" }];

/** Outline icons (24×24, stroke): no emoji font needed, same look on every device. */
const ICON_PATHS = {
  mic: "M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Z M19 11a7 7 0 0 1-14 0 M12 18v3 M8 21h8",
  text: "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z M14 3v5h5 M9 13h6 M9 17h6",
  spark: "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Z M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z",
  mail: "M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z M3 7l9 6 9-6",
} as const;

function FeatureIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700" aria-hidden>
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <path d={ICON_PATHS[name]} />
      </svg>
    </span>
  );
}

const features = [
  {
    icon: "mic",
    title: "Registra dal browser",
    text: "Avvia la registrazione con un clic, mettila in pausa e riprendila quando vuoi. Nessuna installazione.",
  },
  { icon: "text", title: "Trascrizione accurata", text: "Il parlato italiano diventa testo con i tempi di ogni frase, anche per riunioni lunghe." },
  { icon: "spark", title: "Analisi intelligente", text: "Titolo, riassunto e argomenti con i punti chiave e il minuto in cui sono stati discussi." },
  { icon: "mail", title: "Documento Word e email", text: "Genera un verbale in formato Word, scaricalo o invialo via email ai partecipanti." },
] as const;

const steps = [
  { title: "Registra o carica", text: "Registra la riunione dal browser oppure carica un file audio o video esistente." },
  { title: "Trascrizione", text: "Verbale converte l'audio in testo, segmento per segmento, con i tempi." },
  { title: "Analisi", text: "Ottieni titolo, riassunto e argomenti principali con i punti chiave." },
  { title: "Condividi", text: "Scarica il documento Word o invialo via email in un attimo." },
];

export default function Index() {
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="page py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Le tue riunioni, trascritte e riassunte in italiano
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Registra o carica l'audio, ricevi la trascrizione completa, un riassunto con gli argomenti e i punti chiave, e un documento Word pronto da
            condividere.
          </p>
          <div className="mx-auto mt-10 flex max-w-xs flex-col items-stretch justify-center gap-3 sm:max-w-none sm:flex-row sm:items-center">
            <Link to="/record" className="btn-primary px-6 py-3 text-base">
              Inizia a registrare
            </Link>
            <Link to="/subscriptions" className="btn-secondary px-6 py-3 text-base">
              Scopri i piani
            </Link>
          </div>
        </div>
      </section>

      <section className="page" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-2xl font-bold">
          Tutto quello che serve per i tuoi verbali
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <article key={f.title} className="card" data-testid="feature-card">
              <FeatureIcon name={f.icon} />
              <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="page" aria-labelledby="how-title">
        <h2 id="how-title" className="text-center text-2xl font-bold">
          Come funziona
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.title} className="card" data-testid="how-step">
              <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="page pb-16">
        <div className="card flex flex-col items-center gap-4 bg-brand-600 text-center text-white">
          <h2 className="text-2xl font-bold">Pronto per la prossima riunione?</h2>
          <p className="max-w-xl text-brand-100">Inizia gratis: scegli il piano gratuito e registra subito.</p>
          <Link to="/record" className="btn bg-white px-6 py-3 text-base text-brand-700 hover:bg-brand-50">
            Registra ora
          </Link>
        </div>
      </section>
    </div>
  );
}
