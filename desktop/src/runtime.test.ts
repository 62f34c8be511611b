import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The desktop tests run on the web app's tested Node line (decision 014); `npm test` runs them from desktop/.
describe("runtime", () => {
  it("runs on the Node of the repository's .nvmrc", () => {
    const tested = fs.readFileSync(path.resolve(process.cwd(), "..", ".nvmrc"), "utf8").trim();
    console.log(`desktop tests on Node ${process.version}`);
    expect(process.versions.node.split(".")[0]).toBe(tested);
  });
});
