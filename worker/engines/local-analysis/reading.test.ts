import { describe, expect, it } from "vitest";
import { readTranscript } from "./reading";
import { analyzeLocally } from "./index";

const seg = (start: number, end: number, text: string) => ({ start, end, text });
const read = (...segments: { start: number; end: number; text: string }[]) => readTranscript(segments).map((s) => s.text);

describe("reading a raw transcript", () => {
  it("sets fillers and words said twice aside", () => {
    expect(read(seg(0, 5, "il il preventivo ehm è arrivato eh ieri."))).toEqual(["Il preventivo è arrivato ieri."]);
  });

  it("removes a full stop after an article or preposition, and at a seam without a pause before a lower-case word", () => {
    expect(read(seg(0, 4, "porto il certificato entro la fine del."), seg(4, 6, "mese, va bene."))).toEqual([
      "Porto il certificato entro la fine del",
      "mese. Va bene.",
    ]);
    expect(read(seg(0, 4, "la bozza la mando."), seg(4, 6, "domani mattina."))).toEqual(["La bozza la mando", "domani mattina."]);
  });

  it("ends a sentence at a pause between segments and before an opener", () => {
    expect(read(seg(0, 4, "il bilancio è approvato"), seg(5.2, 8, "passiamo al secondo punto ok ci sono domande"))).toEqual([
      "Il bilancio è approvato.",
      "Passiamo al secondo punto. Ok ci sono domande?",
    ]);
  });

  it("recognises questions by their words only where the engine writes no «?»", () => {
    expect(read(seg(0, 3, "chi se ne occupa."), seg(5, 8, "me ne occupo io."))).toEqual(["Chi se ne occupa?", "Me ne occupo io."]);
    // A writer's full stop in prose that asks elsewhere stands.
    expect(read(seg(0, 3, "Chi vuole può intervenire adesso."), seg(4, 6, "Ci sono domande?"))).toEqual([
      "Chi vuole può intervenire adesso.",
      "Ci sono domande?",
    ]);
  });

  it("gives a name its capital back where the engine wrote it in lower case", () => {
    expect(read(seg(0, 3, "ne parlo con Marta."), seg(5, 8, "marta manda il modulo entro venerdì."))).toEqual([
      "Ne parlo con Marta.",
      "Marta manda il modulo entro venerdì.",
    ]);
  });

  it("leaves prose as it is", () => {
    const prose = [seg(0, 5, "Buongiorno a tutti. Il primo punto è il bilancio."), seg(6, 9, "Sì, cioè il consuntivo: è approvato?")];
    expect(readTranscript(prose)).toEqual(prose);
  });

  it("finds an action with owner and deadline in a run-on, lower-case transcript with fillers", () => {
    const result = analyzeLocally([
      seg(0, 6, "buongiorno a tutti allora cominciamo eh con il modulo di iscrizione"),
      seg(7, 12, "marta, il modulo lo metti tu sul sito entro venerdì"),
      seg(13, 16, "sì certo lo metto io entro venerdì"),
    ]);
    expect(result.actionItems).toEqual([expect.objectContaining({ owner: "Marta", due: "entro venerdì" })]);
  });
});
