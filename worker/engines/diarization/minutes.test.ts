import { describe, expect, it } from "vitest";
import { MINUTES_INSTRUCTIONS, transcriptLines } from "../minutes";

describe("speakers in the transcript the LLM engines read", () => {
  it("prefixes a line with its speaker when known, and leaves the others as they were", () => {
    const lines = transcriptLines([
      { start: 4, end: 8, text: " Me ne occupo io del preventivo. ", speaker: "Relatore 2" },
      { start: 8, end: 12, text: "Va bene.", speaker: null },
      { start: 12, end: 14, text: "   ", speaker: "Relatore 1" },
    ]);
    expect(lines).toEqual(["[00:04] Relatore 2: Me ne occupo io del preventivo.", "[00:08] Va bene."]);
  });

  it("tells the model that who commits in the first person is the owner, by that name", () => {
    expect(MINUTES_INSTRUCTIONS).toContain("chi si prende un incarico in prima persona («me ne occupo io») ne è il responsabile con quel nome");
  });
});
