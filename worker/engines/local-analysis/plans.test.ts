import { describe, expect, it } from "vitest";
import { findActions } from "./actions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("tasks handed out as steps of a plan", () => {
  it("reads the person or office after «facciamo così:» as the owner", () => {
    expect(actions("Allora facciamo così: la tirocinante prepara le schede dei pazienti e le lascia in reparto entro giovedì.")).toEqual([
      { task: "Prepara le schede dei pazienti e le lascia in reparto", owner: "la tirocinante", due: "entro giovedì" },
    ]);
  });

  it("reads a topic put first, then who does what", () => {
    expect(actions("Per gli addobbi il fioraio manda due proposte entro sabato.")).toEqual([
      { task: "Manda due proposte", owner: "il fioraio", due: "entro sabato" },
    ]);
  });

  it("takes a step with no time when it follows «intanto» or an agreement", () => {
    expect(actions("Intanto il responsabile tecnico sente due installatori.")).toEqual([
      { task: "Sente due installatori", owner: "il responsabile tecnico", due: null },
    ]);
    expect(actions("Va bene, si fa.", "La cassiera avvisa i clienti del nuovo orario.")).toEqual([
      { task: "Avvisa i clienti del nuovo orario", owner: "La cassiera", due: null },
    ]);
  });

  it("reads a role with its adjective and a time said loosely", () => {
    expect(actions("Il direttore sportivo scrive alla federazione e ci fa sapere tra due settimane.")).toEqual([
      expect.objectContaining({ owner: "Il direttore sportivo", due: "tra due settimane" }),
    ]);
  });

  it("does not take a habit, a state or a report for a task", () => {
    expect(actions("Il cuoco prepara il pane ogni mattina alle sei, come sempre.", "La gente ci chiede il menù vegetariano.")).toEqual([]);
    expect(actions("La commerciante vuole una risposta.", "Il ristorante chiude alle ventitré.")).toEqual([]);
    expect(actions("Durante l'estate il custode apre il cancello alle sette.")).toEqual([]);
  });

  it("hands out a step after «Bene, allora»", () => {
    expect(actions("Questo lo chiedo a don Piero.", "Bene, allora Teresa sente don Piero per le chiavi e per l'orario.")).toContainEqual(
      expect.objectContaining({ owner: "Teresa" }),
    );
  });
});
