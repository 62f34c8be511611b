import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { locateServer, serverLoader } from "./server-location";

describe("locateServer", () => {
  it("runs the repository's TypeScript in development", () => {
    const location = locateServer({ isPackaged: false, appPath: "/repo/desktop", resourcesPath: "/ignored" });
    expect(location).toEqual({ kind: "repository", root: path.resolve("/repo"), entry: path.join(path.resolve("/repo"), "server", "app.ts") });
  });
  it("runs the staged bundle from resources/server when packaged", () => {
    const location = locateServer({ isPackaged: true, appPath: "/opt/Verbale/resources/app.asar", resourcesPath: "/opt/Verbale/resources" });
    expect(location).toEqual({
      kind: "packaged",
      root: path.join("/opt/Verbale/resources", "server"),
      entry: path.join("/opt/Verbale/resources", "server", "server", "app.mjs"),
    });
  });
});

describe("serverLoader", () => {
  it("imports the bundle directly when packaged", async () => {
    const imported: string[] = [];
    const module = { startApp: async () => ({ url: "", port: 0, stop: async () => {} }) };
    const load = serverLoader({ kind: "packaged", root: "/r", entry: "/r/server/app.mjs" }, async (url) => {
      imported.push(url);
      return module;
    });
    expect(await load()).toBe(module);
    expect(imported).toEqual([pathToFileURL("/r/server/app.mjs").href]);
  });

  it("registers the repository's tsx before importing server/app.ts in development", async () => {
    // A stand-in repository with a resolvable tsx, so the test needs no install of the web app.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-repo-"));
    const tsxDir = path.join(root, "node_modules", "tsx");
    fs.mkdirSync(tsxDir, { recursive: true });
    fs.writeFileSync(path.join(root, "package.json"), "{}");
    fs.writeFileSync(path.join(tsxDir, "package.json"), JSON.stringify({ name: "tsx", exports: { "./esm/api": "./api.mjs" } }));
    fs.writeFileSync(path.join(tsxDir, "api.mjs"), "export function register() {}");
    const order: string[] = [];
    const load = serverLoader({ kind: "repository", root, entry: path.join(root, "server", "app.ts") }, async (url) => {
      if (url.includes("tsx")) {
        order.push("tsx");
        return { register: () => order.push("register") };
      }
      order.push(url);
      return { startApp: async () => ({ url: "", port: 0, stop: async () => {} }) };
    });
    await load();
    expect(order).toEqual(["tsx", "register", pathToFileURL(path.join(root, "server", "app.ts")).href]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
