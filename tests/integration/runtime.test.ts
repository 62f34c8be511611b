import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The tested Node line (decision 014): `npm test` and CI run on the Node of `.nvmrc` even where the
 * system Node is older, because the npm `node` package puts its binary first in node_modules/.bin.
 * If this fails, the suite was started with another Node (e.g. node_modules/.bin/vitest by hand).
 */
const root = path.resolve(import.meta.dirname, "../..");
const testedMajor = fs.readFileSync(path.join(root, ".nvmrc"), "utf8").trim();

describe("runtime", () => {
  it("runs vitest and its forks on the tested Node line", () => {
    console.log(`vitest on Node ${process.version}`);
    expect(process.versions.node.split(".")[0]).toBe(testedMajor);
    expect(fs.readFileSync(path.join(root, ".node-version"), "utf8").trim()).toBe(testedMajor);
  });

  it("starts child processes (the server, tsx scripts) on the same Node", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "-e", "console.log(process.version)"], { cwd: root, encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.version);
  });

  it("loads the native whisper binding on this Node", () => {
    const require = createRequire(import.meta.url);
    const whisper = require("@napi-rs/whisper") as Record<string, unknown>;
    expect(typeof whisper.Whisper).toBe("function");
  });
});
