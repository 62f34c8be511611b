import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, MINIMUM_AGE } from "~/components/legal-page";

export const meta: MetaFunction = () => [{ title: "Termini di servizio — Verbale" }];

export default function TermsOfService() {
  return (
    <LegalPage title="Termini di servizio">
      <p>Utilizzando Verbale accetti i presenti termini. Se non li accetti, non utilizzare il servizio.</p>
      <h2>Requisiti</h2>
      <p>Per creare un account devi avere almeno {MINIMUM_AGE} anni e fornire un indirizzo email valido da verificare.</p>
      <h2>Il servizio</h2>
      <p>
        Verbale consente di registrare o caricare audio, ottenere trascrizioni e analisi automatiche, generare documenti Word e inviarli via email. I
        risultati automatici possono contenere errori: verificali prima di usarli.
      </p>
      <h2>Piani e limiti</h2>
      <p>
        Ogni piano stabilisce limiti mensili di registrazioni e di spazio. Il piano gratuito può essere attivato in qualsiasi momento; l'acquisto dei
        piani a pagamento non è ancora disponibile.
      </p>
      <h2>Contenuti e consenso</h2>
      <p>
        Sei responsabile delle registrazioni che carichi: informa i partecipanti e ottieni il loro consenso quando richiesto dalla legge. Mantieni la
        titolarità dei tuoi contenuti.
      </p>
      <h2>Uso corretto</h2>
      <p>È vietato usare il servizio per attività illecite, per inviare email indesiderate o per aggirarne i limiti.</p>
      <h2>Privacy</h2>
      <p>
        Il trattamento dei dati è descritto nell'
        <Link to="/privacy-policy" className="text-brand-700 underline">
          informativa sulla privacy
        </Link>
        .
      </p>
      <h2>Modifiche e recesso</h2>
      <p>Possiamo aggiornare questi termini dandone avviso. Puoi chiudere il tuo account in qualsiasi momento.</p>
    </LegalPage>
  );
}
