import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { RunningServer, ServerModule } from "./server";

/**
 * Where the web app lives. In development it is the repository itself (desktop/ is a folder of
 * it): the compiled app in build/ (the desktop `npm run dev` builds it first). In an installed
 * app electron-builder copied a staged copy (see scripts/stage-server.mjs) to
 * `resources/server`: the same compiled app next to the migrations and production node_modules,
 * kept outside the asar archive because Postgres and ffmpeg are executables that must be spawned.
 * Either way the entry is the one Vite build whose entry.server module re-exports startApp
 * (decision 015 of the web app), so the server's modules load once.
 */
export type ServerLocation = { kind: "repository"; root: string; entry: string } | { kind: "packaged"; root: string; entry: string };

export function locateServer(options: { isPackaged: boolean; appPath: string; resourcesPath: string }): ServerLocation {
  const kind = options.isPackaged ? "packaged" : "repository";
  const root = options.isPackaged ? path.join(options.resourcesPath, "server") : path.resolve(options.appPath, "..");
  return { kind, root, entry: path.join(root, "build", "server", "index.js") };
}

export type ImportModule = (url: string) => Promise<unknown>;

type StartApp = (options: Record<string, unknown>) => Promise<RunningServer>;
type CompiledApp = { entry?: { module?: { startApp?: StartApp } } };

function startAppOf(build: CompiledApp): StartApp {
  const startApp = build.entry?.module?.startApp;
  if (typeof startApp !== "function") throw new Error("La build del server non esporta startApp (entry.server)");
  return startApp;
}

/**
 * Returns a loader for the server module. `importModule` is the host's dynamic import (kept as
 * an argument because a bundled main process must not rewrite it, and tests replace it).
 * With `vite` (desktop development with live reload, repository only) the app is compiled on
 * demand by the repository's Vite instead of loaded from build/.
 */
export function serverLoader(location: ServerLocation, importModule: ImportModule, options: { vite?: boolean } = {}): () => Promise<ServerModule> {
  return async () => {
    if (options.vite && location.kind === "repository") {
      const requireFromRepo = createRequire(path.join(location.root, "package.json"));
      const vite = (await importModule(pathToFileURL(requireFromRepo.resolve("vite")).href)) as {
        createServer: (
          config: object,
        ) => Promise<{ middlewares: unknown; ssrLoadModule: (id: string) => Promise<unknown>; close: () => Promise<void> }>;
      };
      const devServer = await vite.createServer({ root: location.root, server: { middlewareMode: true } });
      const loadBuild = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<CompiledApp>;
      const startApp = startAppOf(await loadBuild());
      return {
        startApp: async (start) => {
          const running = await startApp({ ...start, dev: true, vite: devServer, build: loadBuild });
          return { ...running, stop: () => running.stop().finally(() => devServer.close()) };
        },
      };
    }
    const build = (await importModule(pathToFileURL(location.entry).href)) as CompiledApp;
    const startApp = startAppOf(build);
    return { startApp: (start) => startApp({ ...start, build }) };
  };
}
