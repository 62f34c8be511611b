import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("makes the noun agree with the count, as an Italian reader expects", () => {
    expect(formatCount(1, "paragrafo", "paragrafi")).toBe("1 paragrafo");
    expect(formatCount(2, "paragrafo", "paragrafi")).toBe("2 paragrafi");
    expect(formatCount(0, "completata", "completate")).toBe("0 completate");
    expect(formatCount(15000, "parola", "parole")).toBe("15.000 parole");
  });
});
