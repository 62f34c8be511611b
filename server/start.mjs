// Production entry: plain Node on the compiled app (`npm start` builds it first when the sources
// changed; see scripts/build-if-stale.mjs). The one Vite build (build/server/index.js) holds the
// Remix routes and, re-exported by app/entry.server.tsx, the start-up code and the worker, so
// the app's modules load once (decision 015).
import fs from "node:fs";
import module from "node:module";

// Production unless told otherwise, settled before React, Express and Remix are loaded (they read
// it once): no stacks or development warnings in answers.
process.env.NODE_ENV ??= "production";

// V8's code cache on disk (Node >= 22.1; NODE_COMPILE_CACHE chooses the folder): later starts
// skip compiling the bundle and its dependencies, a quarter of the loading time (BENCHMARKS.md).
module.enableCompileCache?.();

const buildUrl = new URL("../build/server/index.js", import.meta.url);
if (!fs.existsSync(buildUrl)) {
  console.error("Build mancante: esegui `npm run build` (o `npm start`, che la prepara) prima di avviare.");
  process.exit(1);
}
const build = await import(buildUrl.href);
const { startApp, serveFromCommandLine } = build.entry.module;
serveFromCommandLine(() => startApp({ build }));
