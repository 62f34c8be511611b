import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Verbale — Trascrivi e riassumi le tue riunioni" }];

const features = [
  { icon: "🎙️", title: "Registra dal browser", text: "Avvia la registrazione con un clic, mettila in pausa e riprendila quando vuoi. Nessuna installazione." },
  { icon: "📝", title: "Trascrizione accurata", text: "Il parlato italiano diventa testo con i tempi di ogni frase, anche per riunioni lunghe." },
  { icon: "🧠", title: "Analisi intelligente", text: "Titolo, riassunto e argomenti con i punti chiave e il minuto in cui sono stati discussi." },
  { icon: "📄", title: "Documento Word e email", text: "Genera un verbale in formato Word, scaricalo o invialo via email ai partecipanti." },
];

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
            Registra o carica l'audio, ricevi la trascrizione completa, un riassunto con gli argomenti e i punti chiave, e un
            documento Word pronto da condividere.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
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
        <h2 id="features-title" className="text-center text-2xl font-bold">Tutto quello che serve per i tuoi verbali</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((f) => (
            <article key={f.title} className="card" data-testid="feature-card">
              <div className="text-3xl" aria-hidden>{f.icon}</div>
              <h3 className="mt-3 text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="page" aria-labelledby="how-title">
        <h2 id="how-title" className="text-center text-2xl font-bold">Come funziona</h2>
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
