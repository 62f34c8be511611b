import { describe, expect, it } from "vitest";
import { analyzeLocally } from "../local-analysis/analyze";

describe("the extractive analyzer with diarized segments", () => {
  const meeting = [
    { start: 0, end: 6, text: "Buongiorno, oggi parliamo del preventivo per il tetto del condominio.", speaker: "Relatore 1" },
    { start: 6, end: 12, text: "Serve un secondo preventivo prima dell'assemblea di marzo.", speaker: "Relatore 1" },
    { start: 12, end: 18, text: "Me ne occupo io, lo chiedo alla ditta entro venerdì.", speaker: "Relatore 2" },
    { start: 18, end: 24, text: "Bene, allora ci vediamo alla prossima riunione.", speaker: "Relatore 1" },
  ];

  it("gives a task taken on in the first person to the speaker who said it", () => {
    const { actionItems } = analyzeLocally(meeting);
    const mine = actionItems.find((a) => a.timestamp === "00:12");
    expect(mine).toMatchObject({ owner: "Relatore 2", due: expect.stringMatching(/venerdì/) });
  });

  it("leaves the owner unsaid without speakers, as before", () => {
    const { actionItems } = analyzeLocally(meeting.map(({ speaker: _speaker, ...s }) => s));
    expect(actionItems.find((a) => a.timestamp === "00:12")?.owner).toBeNull();
  });
});
