/**
 * Action items in the word order and turns of spoken Italian (decision 029): the object first and
 * the owner after the verb, owners that are groups or compounds, deadlines said by an event.
 * Sentences of our own, never a fixture's.
 */
import { describe, expect, it } from "vitest";
import { findActions, findDue } from "./actions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("owners said after the verb, and compound roles", () => {
  it("takes a role written as two words, singular or plural, as the whole owner", () => {
    expect(actions("Le ferie di agosto le decide il capo cantiere.")[0]).toMatchObject({ owner: "il capo cantiere" });
    expect(actions("I capi squadra devono firmare il registro delle presenze ogni sera.")[0]).toMatchObject({
      owner: "I capi squadra",
    });
  });

  it("keeps 'della …' whole in an owner after the verb, with a long object put first", () => {
    const [a] = actions(
      "Il preventivo per le tende nuove e la riparazione della porta del retro lo chiede la responsabile della sala, entro lunedì.",
    );
    expect(a).toMatchObject({ owner: "la responsabile della sala", due: "entro lunedì" });
    expect(a.task).toMatch(/preventivo/);
  });
});

describe("deadlines said by an event", () => {
  it("reads 'dopo …' a moment of the day and 'prima di' an event that closes the time left", () => {
    expect(findDue("le sedie le rimettiamo a posto subito dopo l'assemblea.")?.due).toBe("subito dopo l'assemblea");
    expect(findDue("il forno lo pulisce Dario dopo il servizio")?.due).toBe("dopo il servizio");
    expect(findDue("i permessi vanno chiesti prima di partire per la gita")?.due).toBe("prima di partire");
    expect(findDue("la caldaia va controllata prima che arrivi il freddo")?.due).toBe("prima che arrivi il freddo");
  });

  it("is no deadline for an order of steps", () => {
    expect(findDue("prima di firmarla la rileggo con calma")).toBeUndefined();
    expect(findDue("dopo questa cosa passiamo al bilancio")).toBeUndefined();
  });
});
