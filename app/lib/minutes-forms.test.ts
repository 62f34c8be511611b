import { describe, expect, it } from "vitest";
import { actionItemsFromForm, decisionsFromText, decisionsToText, topicsFromText, topicsToText } from "./minutes-forms";

describe("minutes forms", () => {
  it("round-trips decisions with and without their minute", () => {
    const decisions = [
      { text: "Approvato il bilancio", timestamp: "01:02" },
      { text: "Rinviata la pulizia delle scale", timestamp: null },
    ];
    expect(decisionsFromText(decisionsToText(decisions))).toEqual(decisions);
    expect(decisionsFromText("\n  [1:02:03]   Nuova decisione \n\n")).toEqual([{ text: "Nuova decisione", timestamp: "1:02:03" }]);
  });

  it("reads topics as '# name' and '- point' lines, keeping the excerpt of an unchanged point", () => {
    const previous = [
      { name: "Bilancio", keyPoints: [{ point: "Fatturato in crescita", excerpt: "Il fatturato è cresciuto", estimatedTimestamp: "00:05" }] },
    ];
    const text = topicsToText(previous);
    expect(text).toBe("# Bilancio\n- [00:05] Fatturato in crescita");
    expect(topicsFromText(`${text}\n- Nuovo punto\n# Sito\n- [00:20] Lancio a marzo\n# Vuoto`, previous)).toEqual([
      {
        name: "Bilancio",
        keyPoints: [{ point: "Fatturato in crescita", excerpt: "Il fatturato è cresciuto", estimatedTimestamp: "00:05" }, { point: "Nuovo punto" }],
        estimatedTimestamps: ["00:05", ""],
      },
      { name: "Sito", keyPoints: [{ point: "Lancio a marzo", estimatedTimestamp: "00:20" }], estimatedTimestamps: ["00:20"] },
    ]);
  });

  it("reads the action rows, dropping those without a task", () => {
    const form = new FormData();
    for (const [i, task, owner, due] of [
      [0, "Inviare il verbale", "Anna", ""],
      [1, " ", "x", "y"],
      [2, "Chiedere preventivi", "", "entro giugno"],
    ] as const) {
      form.set(`task_${i}`, task);
      form.set(`owner_${i}`, owner);
      form.set(`due_${i}`, due);
      form.set(`timestamp_${i}`, "");
    }
    expect(actionItemsFromForm(form)).toEqual([
      { task: "Inviare il verbale", owner: "Anna", due: null, timestamp: null },
      { task: "Chiedere preventivi", owner: null, due: "entro giugno", timestamp: null },
    ]);
  });
});
