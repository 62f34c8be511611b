// Development entry (`npm run dev`): Vite's dev server in middleware mode compiles the app on
// demand with hot reload. The start-up code and the worker are loaded through the same Vite
// module graph as the routes (app/entry.server.tsx re-exports them), so they share one copy of
// every module, as in the compiled app.
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";

const vite = await createServer({ server: { middlewareMode: true } });
const loadBuild = () => vite.ssrLoadModule("virtual:remix/server-build");
const { startApp, serveFromCommandLine } = (await loadBuild()).entry.module;
serveFromCommandLine(
  () => startApp({ dev: true, vite, build: loadBuild }),
  () => vite.close(),
);
