import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { ServerModule } from "./server";

/**
 * Where the web app lives. In development it is the repository itself (desktop/ is a folder of
 * it) and its TypeScript runs through the repo's own tsx. In an installed app electron-builder
 * copied a staged copy (see scripts/stage-server.mjs) to `resources/server`: there the server is
 * one esbuild bundle next to the Remix build, the migrations and production node_modules, kept
 * outside the asar archive because Postgres and ffmpeg are executables that must be spawned.
 */
export type ServerLocation =
  | { kind: "repository"; root: string; entry: string }
  | { kind: "packaged"; root: string; entry: string };

export function locateServer(options: { isPackaged: boolean; appPath: string; resourcesPath: string }): ServerLocation {
  if (options.isPackaged) {
    const root = path.join(options.resourcesPath, "server");
    return { kind: "packaged", root, entry: path.join(root, "server", "app.mjs") };
  }
  const root = path.resolve(options.appPath, "..");
  return { kind: "repository", root, entry: path.join(root, "server", "app.ts") };
}

export type ImportModule = (url: string) => Promise<unknown>;

/**
 * Returns a loader for the server module. `importModule` is the host's dynamic import (kept as
 * an argument because a bundled main process must not rewrite it, and tests replace it).
 */
export function serverLoader(location: ServerLocation, importModule: ImportModule): () => Promise<ServerModule> {
  return async () => {
    if (location.kind === "repository") {
      // tsx is a dependency of the web app, so it is resolved from the repository, not desktop/.
      const requireFromRepo = createRequire(path.join(location.root, "package.json"));
      const tsxApi = (await importModule(pathToFileURL(requireFromRepo.resolve("tsx/esm/api")).href)) as {
        register: () => unknown;
      };
      tsxApi.register();
    }
    return (await importModule(pathToFileURL(location.entry).href)) as ServerModule;
  };
}
