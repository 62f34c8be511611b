import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { locateServer, serverLoader } from "./server-location";

describe("locateServer", () => {
  it("runs the repository's compiled app in development", () => {
    const location = locateServer({ isPackaged: false, appPath: "/repo/desktop", resourcesPath: "/ignored" });
    expect(location).toEqual({
      kind: "repository",
      root: path.resolve("/repo"),
      entry: path.join(path.resolve("/repo"), "build", "server", "index.js"),
    });
  });
  it("runs the staged compiled app from resources/server when packaged", () => {
    const location = locateServer({ isPackaged: true, appPath: "/opt/Verbale/resources/app.asar", resourcesPath: "/opt/Verbale/resources" });
    expect(location).toEqual({
      kind: "packaged",
      root: path.join("/opt/Verbale/resources", "server"),
      entry: path.join("/opt/Verbale/resources", "server", "build", "server", "index.js"),
    });
  });
});

const running = { url: "http://127.0.0.1:4000", port: 4000, stop: async () => {} };

describe("serverLoader", () => {
  it("imports the compiled app and starts it with that same build (its modules load once)", async () => {
    const imported: string[] = [];
    const calls: Record<string, unknown>[] = [];
    const build = { entry: { module: { startApp: async (options: Record<string, unknown>) => (calls.push(options), running) } } };
    const load = serverLoader({ kind: "packaged", root: "/r", entry: "/r/build/server/index.js" }, async (url) => {
      imported.push(url);
      return build;
    });
    const module = await load();
    expect(imported).toEqual([pathToFileURL("/r/build/server/index.js").href]);
    expect(await module.startApp({ port: 4000, host: "127.0.0.1" })).toBe(running);
    expect(calls).toEqual([{ port: 4000, host: "127.0.0.1", build }]);
  });

  it("says which build is wrong when it does not export startApp", async () => {
    const load = serverLoader({ kind: "repository", root: "/r", entry: "/r/build/server/index.js" }, async () => ({ entry: { module: {} } }));
    await expect(load()).rejects.toThrow(/startApp/);
  });

  it("compiles through the repository's Vite with live reload when asked, and closes it on stop", async () => {
    // A stand-in repository with a resolvable vite, so the test needs no install of the web app.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-repo-"));
    fs.mkdirSync(path.join(root, "node_modules", "vite"), { recursive: true });
    fs.writeFileSync(path.join(root, "package.json"), "{}");
    fs.writeFileSync(path.join(root, "node_modules", "vite", "package.json"), JSON.stringify({ name: "vite", exports: { ".": "./index.mjs" } }));
    fs.writeFileSync(path.join(root, "node_modules", "vite", "index.mjs"), "export {}");
    const events: string[] = [];
    let options: Record<string, unknown> = {};
    const build = {
      entry: {
        module: {
          startApp: async (o: Record<string, unknown>) => ((options = o), { ...running, stop: async () => void events.push("app stopped") }),
        },
      },
    };
    const devServer = {
      middlewares: "vite-middlewares",
      ssrLoadModule: async (id: string) => (events.push(`load ${id}`), build),
      close: async () => void events.push("vite closed"),
    };
    const load = serverLoader(
      { kind: "repository", root, entry: path.join(root, "build", "server", "index.js") },
      async (url) => {
        events.push(url.includes("vite") ? "import vite" : `import ${url}`);
        return { createServer: async (config: { root: string }) => (events.push(`vite at ${config.root}`), devServer) };
      },
      { vite: true },
    );
    const app = await (await load()).startApp({ port: 4000 });
    expect(options).toMatchObject({ port: 4000, dev: true, vite: devServer });
    expect(typeof options.build).toBe("function");
    await app.stop();
    expect(events).toEqual(["import vite", `vite at ${root}`, "load virtual:remix/server-build", "app stopped", "vite closed"]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
