import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { Logger, runMigrations } from "graphile-worker";
import { SECRET_VARIABLES } from "../app/lib/redact";
import { ConfigError, getConfig, parseTrustProxy, type Config } from "../app/services/config.server";
import { openDatabase } from "../app/services/database.server";
import { configureLogging, framedBlock, log, readableLogWanted } from "../app/services/logger.server";
import { appRoot } from "../app/services/paths.server";
import { checkStorage } from "../app/services/storage.server";
import { startWorker, type WorkerHandle } from "../worker/runner";
import { startTempSweeper } from "../worker/tasks/sweep-temp-files";
import { dropRequestsOfGoneClients, errorHandler, limitUnauthenticatedBodies, refuseCrossOriginPageWrites, refuseMalformedUrl } from "./guards";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { startWorkerHealthServer } from "./worker-health";

/** graphile-worker's migration lines are of no interest to an operator of a web process. */
const graphileQuietLogger = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") log.warn({ component: "worker" }, message);
});

/**
 * HTTP timeouts. Headers must arrive within 20 s; a whole request (an upload of a long meeting on
 * a slow link: 500 MB at 1.5 Mbit/s is about 45 minutes) within an hour. Bodies of callers without
 * a session have 30 s, and at most 32 of them are read at once (see limitUnauthenticatedBodies).
 */
export const HTTP_LIMITS = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60 * 60_000,
  keepAliveTimeoutMs: 5_000,
  unauthenticatedBodyDeadlineMs: 30_000,
  maxConcurrentUnauthenticatedBodies: 32,
};

/**
 * A started process. `url`/`port`/`server` are the app's HTTP server; for PROCESS_ROLE=worker they
 * are its health endpoint's (empty url, port 0 and no server without WORKER_HEALTH_PORT).
 */
export type RunningApp = { url: string; port: number; config: Config; server?: http.Server; stop: () => Promise<void> };

export type StartOptions = {
  /**
   * The Remix server build this module was loaded from (server/start.mjs passes the compiled
   * build/server/index.js, server/dev.mjs a loader through Vite): app/entry.server.tsx re-exports
   * startApp, so the routes, services and worker share one copy of every module (decision 015).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's dev server (middleware mode) serves the client modules and assets. */
  vite?: { middlewares: express.RequestHandler };
  dev?: boolean;
  port?: number;
  host?: string;
  /** Tests: only warnings and errors reach the log, whatever LOG_LEVEL says. */
  quiet?: boolean;
  /** Tests shorten the body deadline and the concurrency cap. */
  httpLimits?: Partial<typeof HTTP_LIMITS>;
};

/**
 * Starts Postgres (embedded or DATABASE_URL), the graphile-worker runner and the HTTP server in
 * this process, or one of the two (PROCESS_ROLE web or worker; decision 022). Used by
 * `npm start`, `npm run dev`, the tests and the desktop shell.
 */
export async function startApp(options: StartOptions): Promise<RunningApp> {
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Configurazione non valida: ${(error as Error).message}`);
  }
  configureLogging({
    level: options.quiet ? "warn" : config.LOG_LEVEL,
    secrets: SECRET_VARIABLES.map((name) => config[name]),
    // Readable lines for a person at a terminal; JSON whenever the output goes to a program.
    pretty: readableLogWanted(config.LOG_FORMAT, Boolean(process.stdout.isTTY)),
  });
  const limits = { ...HTTP_LIMITS, ...options.httpLimits };
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  // A bucket that is missing or unreachable stops the start here, not the first upload.
  await checkStorage();

  const started = Date.now();
  const database = await openDatabase(config);
  log.info(
    database.embedded
      ? `Database incorporato avviato (dati in ${path.join(config.DATA_DIR, "postgres")})`
      : "Connesso al database esterno (DATABASE_URL)",
  );
  const { adminEmail, generatedPassword } = database.seedResult;
  if (generatedPassword) {
    // The one password ever written to the log, on purpose (docs/operations.md): nobody else knows it.
    // At a terminal it stands in a frame, where a person starting the app for the first time sees it.
    if (readableLogWanted(config.LOG_FORMAT, Boolean(process.stdout.isTTY))) {
      process.stdout.write(
        framedBlock([
          "Primo avvio: creato l'amministratore",
          `  e-mail:   ${adminEmail}`,
          `  password: ${generatedPassword}`,
          "Annotala ora: non sarà più mostrata.",
        ]),
      );
    } else {
      log.warn(`Primo avvio: creato l'amministratore ${adminEmail} con password ${generatedPassword} (mostrata solo ora).`);
    }
  }

  const role = config.PROCESS_ROLE;
  // A web process runs no worker: it only adds jobs (graphile_worker.add_job in its own
  // transactions), so the queue's schema must exist even before any worker has started.
  let worker: WorkerHandle | undefined;
  let stopTempSweeper: (() => void) | undefined;
  try {
    if (role === "web") {
      await runMigrations({ connectionString: database.url, logger: graphileQuietLogger });
      // Upload folders of a crashed web process live in this machine's DATA_DIR/tmp.
      stopTempSweeper = startTempSweeper();
    } else {
      worker = await startWorker({ connectionString: database.url, concurrency: config.WORKER_CONCURRENCY, warmUpLlm: true });
    }
  } catch (error) {
    await database.stop();
    throw error;
  }

  if (role === "worker") {
    return startWorkerOnly({ config, database, worker: worker!, started, port: options.port });
  }

  // Anything failing from here on must not leave the worker and the embedded Postgres running
  // (the next start would find the database folder locked).
  let server: http.Server;
  let url: string;
  let actualPort: number;
  try {
    const app = express();
    app.disable("x-powered-by");
    app.use(requestLog(log));
    // The client address for per-IP limits is the socket's unless TRUST_PROXY names the proxies
    // in front; a forged X-Forwarded-For from anyone else is ignored.
    app.set("trust proxy", parseTrustProxy(config.TRUST_PROXY));
    app.use(securityHeaders({ appUrl: config.APP_URL, googleAuthUrl: config.GOOGLE_AUTH_URL, dev: options.dev }));
    app.use(refuseMalformedUrl);
    if (options.vite) {
      app.use(options.vite.middlewares);
    } else {
      const root = appRoot();
      app.use("/assets", express.static(path.join(root, "build", "client", "assets"), { immutable: true, maxAge: "1y" }));
      app.use(express.static(path.join(root, "build", "client"), { maxAge: "1h" }));
    }
    app.use(refuseCrossOriginPageWrites(config.APP_URL));
    app.use(
      limitUnauthenticatedBodies({ maxConcurrent: limits.maxConcurrentUnauthenticatedBodies, deadlineMs: limits.unauthenticatedBodyDeadlineMs }),
    );
    app.use(dropRequestsOfGoneClients);
    app.all(
      "*",
      createRequestHandler({
        build: options.build,
        mode: options.dev ? "development" : "production",
        // The client's address for per-IP rate limits (see requestMeta in auth.server.ts): the
        // socket's, or what the trusted proxies reported (Express's "trust proxy").
        // `response`: Remix writes a streamed body without waiting for "drain", so long streams
        // (the data export) pace themselves on it (zip-stream.server.ts).
        getLoadContext: (req, res) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "", cspNonce: res.locals.cspNonce, response: res }),
      }),
    );
    app.use(errorHandler((line, error) => (error === undefined ? log.warn(line) : log.error({ err: error }, line))));

    server = http.createServer(app);
    server.headersTimeout = limits.headersTimeoutMs;
    server.requestTimeout = limits.requestTimeoutMs;
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    const port = options.port ?? config.PORT;
    const host = options.host ?? config.HOST;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    actualPort = typeof address === "object" && address ? address.port : port;
    url = `http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`;
    log.info(`Verbale in ascolto su ${url} (Node ${process.version}, avvio in ${Date.now() - started} ms)`);
  } catch (error) {
    stopTempSweeper?.();
    await worker?.stop().catch(() => {});
    await database.stop().catch(() => {});
    throw error;
  }

  return {
    url,
    port: actualPort,
    config,
    server,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      stopTempSweeper?.();
      await worker?.stop();
      await database.stop();
    },
  };
}

/**
 * PROCESS_ROLE=worker: jobs only, no app HTTP. Orchestrators learn that it is alive from
 * GET /healthz on WORKER_HEALTH_PORT (when set), which answers 200 only while the worker really
 * polls the queue or runs jobs and the database answers (decision 022).
 */
async function startWorkerOnly(args: {
  config: Config;
  database: { stop: () => Promise<void> };
  worker: WorkerHandle;
  started: number;
  port?: number;
}): Promise<RunningApp> {
  const { config, database, worker } = args;
  let health: Awaited<ReturnType<typeof startWorkerHealthServer>> | undefined;
  try {
    const port = config.WORKER_HEALTH_PORT;
    if (port !== undefined) health = await startWorkerHealthServer({ worker, port, host: config.HOST });
  } catch (error) {
    await worker.stop().catch(() => {});
    await database.stop().catch(() => {});
    throw error;
  }
  log.info(
    `Worker Verbale avviato (PROCESS_ROLE=worker, ${config.WORKER_CONCURRENCY} job alla volta${health ? `, stato su ${health.url}/healthz` : ""}; Node ${process.version}, avvio in ${Date.now() - args.started} ms)`,
  );
  return {
    url: health?.url ?? "",
    port: health?.port ?? 0,
    config,
    server: health?.server,
    stop: async () => {
      await health?.close();
      await worker.stop();
      await database.stop();
    },
  };
}
