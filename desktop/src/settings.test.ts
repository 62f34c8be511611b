import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSettingsStore, parseSettings } from "./settings";
import { findFreePort, isPortFree } from "./ports";

describe("settings store", () => {
  it("remembers the port across launches in a JSON file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-settings-"));
    const file = path.join(dir, "nested", "desktop.json");
    const first = createSettingsStore(file, fs, path.dirname);
    expect(first.get()).toEqual({});
    first.update({ port: 41234 });
    expect(createSettingsStore(file, fs, path.dirname).get()).toEqual({ port: 41234 });
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("ignores corrupt content", () => {
    expect(parseSettings("{nope")).toEqual({});
    expect(parseSettings('{"port":"x"}')).toEqual({});
    expect(parseSettings(undefined)).toEqual({});
  });
});

describe("ports", () => {
  it("finds a free loopback port and sees it taken while something listens", async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await isPortFree(port)).toBe(true);
    const net = await import("node:net");
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      expect(await isPortFree(port)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
