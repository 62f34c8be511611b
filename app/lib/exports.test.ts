import { describe, expect, it } from "vitest";
import { isExportFormat, renderExport, subtitleTimestamp, toSrt, toTxt, toVtt } from "./exports";

const segments = [
  { start: 3.5, end: 7.25, text: "Seconda frase  della riunione." },
  { start: 0, end: 3.5, text: "Buongiorno a tutti." },
  { start: 3661.007, end: 3661.007, text: "Dopo un'ora." },
  { start: 10, end: 12, text: "   " },
];

describe("exports", () => {
  it("formats subtitle clocks with milliseconds and hours", () => {
    expect(subtitleTimestamp(0, ",")).toBe("00:00:00,000");
    expect(subtitleTimestamp(7.25, ",")).toBe("00:00:07,250");
    expect(subtitleTimestamp(3661.007, ".")).toBe("01:01:01.007");
    expect(subtitleTimestamp(-3, ".")).toBe("00:00:00.000");
  });

  it("writes numbered SRT cues in time order, skipping empty ones and giving zero-length cues a second", () => {
    expect(toSrt({ segments })).toBe(
      [
        "1\n00:00:00,000 --> 00:00:03,500\nBuongiorno a tutti.\n",
        "2\n00:00:03,500 --> 00:00:07,250\nSeconda frase della riunione.\n",
        "3\n01:01:01,007 --> 01:01:02,007\nDopo un'ora.\n",
      ].join("\n"),
    );
  });

  it("writes WebVTT with its header and dot separators", () => {
    const vtt = toVtt({ segments: [{ start: 1, end: 2, text: "a --> b" }] });
    expect(vtt).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na -> b\n");
  });

  it("writes TXT with the title and mm:ss stamps, or the plain text without segments", () => {
    expect(toTxt({ title: "Riunione", segments })).toBe(
      "Riunione\n\n[00:00] Buongiorno a tutti.\n[00:03] Seconda frase della riunione.\n[1:01:01] Dopo un'ora.\n",
    );
    expect(toTxt({ title: null, text: " Solo testo. ", segments: [] })).toBe("Solo testo.\n");
  });

  it("puts the decisions and the actions before the transcript in TXT, never in subtitles", () => {
    const minutes = {
      decisions: [{ text: "Approvato il bilancio consuntivo.", timestamp: "00:03" }],
      actionItems: [
        { task: "Inviare il verbale ai condomini", owner: "l'amministratore", due: "entro il trenta maggio", timestamp: "1:01:01" },
        { task: "Chiedere tre preventivi", owner: null, due: null, timestamp: null },
      ],
    };
    expect(toTxt({ title: "Assemblea", segments: segments.slice(0, 2), ...minutes })).toBe(
      [
        "Assemblea",
        "",
        "Decisioni:",
        "- [00:03] Approvato il bilancio consuntivo.",
        "",
        "Azioni da fare:",
        "- [1:01:01] Inviare il verbale ai condomini — responsabile: l'amministratore; scadenza: entro il trenta maggio",
        "- Chiedere tre preventivi — responsabile: —; scadenza: —",
        "",
        "Trascrizione:",
        "[00:00] Buongiorno a tutti.",
        "[00:03] Seconda frase della riunione.",
        "",
      ].join("\n"),
    );
    expect(toSrt({ segments: segments.slice(1, 2), ...minutes })).not.toContain("Decisioni");
  });

  it("accepts only the three formats", () => {
    expect(["txt", "srt", "vtt", "pdf", "toString", undefined].map((f) => isExportFormat(f))).toEqual([true, true, true, false, false, false]);
    expect(renderExport("vtt", { segments: [] })).toBe("WEBVTT\n\n");
  });
});
