import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalPage, MINIMUM_AGE } from "~/components/legal-page";

export const meta: MetaFunction = () => [{ title: "Informativa sulla privacy — Verbale" }];

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Informativa sulla privacy">
      <p>Questa informativa descrive come Verbale tratta i dati personali degli utenti ai sensi del Regolamento (UE) 2016/679 (GDPR).</p>
      <h2>Titolare del trattamento</h2>
      <p>
        Il titolare del trattamento è il gestore del servizio Verbale, contattabile tramite la pagina{" "}
        <Link to="/support" className="text-brand-700 underline">
          Supporto
        </Link>
        .
      </p>
      <h2>Dati raccolti</h2>
      <ul>
        <li>Dati dell'account: nome, indirizzo email, password cifrata, eventuale immagine del profilo Google.</li>
        <li>Contenuti: registrazioni audio, trascrizioni, analisi e documenti generati.</li>
        <li>Dati di utilizzo: numero di registrazioni e spazio occupato nel mese, accessi e log di sicurezza.</li>
        <li>Dati di fatturazione, quando sottoscrivi un piano a pagamento.</li>
      </ul>
      <h2>Finalità e basi giuridiche</h2>
      <p>
        Trattiamo i dati per fornire il servizio (esecuzione del contratto), per la sicurezza dell'account (legittimo interesse) e per gli obblighi
        fiscali (obbligo di legge).
      </p>
      <h2>Conservazione</h2>
      <ul>
        <li>Registrazioni audio e trascrizioni: fino a 2 anni, o fino alla loro eliminazione da parte tua.</li>
        <li>
          Audio: per i giorni indicati dal tuo piano, se li prevede, oppure fino a quando il verbale è pronto se scegli «Elimina l&apos;audio quando
          il verbale è pronto» in Impostazioni. Trascrizione, verbale e documento restano.
        </li>
        <li>Dove: nel database e nell&apos;archivio dei file del servizio (cartella del server o archivio S3 compatibile).</li>
        <li>Dati di fatturazione: 10 anni.</li>
        <li>Log di sicurezza: 12 mesi.</li>
      </ul>
      <h2>Minori</h2>
      <p>Il servizio è riservato a persone di almeno {MINIMUM_AGE} anni.</p>
      <h2>I tuoi diritti</h2>
      <p>
        Puoi chiedere accesso, rettifica, cancellazione, limitazione, portabilità dei dati e opporti al trattamento scrivendo al supporto. Puoi
        inoltre proporre reclamo al Garante per la protezione dei dati personali.
      </p>
      <p>
        In Impostazioni puoi farlo da solo: «Scarica i miei dati» ti dà un archivio ZIP con profilo, abbonamenti, pagamenti, trascrizioni, verbali,
        documenti e audio; «Elimina il mio account» cancella account, registrazioni e file. Conserviamo solo i pagamenti richiesti dalla legge, senza
        collegamento al tuo account.
      </p>
    </LegalPage>
  );
}
