import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { redactSecrets, SECRET_VARIABLES } from "~/lib/redact";
import { isSignInEmail } from "~/lib/validation/auth";

/**
 * The one place that reads process.env. Every variable is validated here, so a wrong value
 * stops start-up with one line naming it instead of failing later in a request.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * An absolute http(s) URL: the only kind an HTTP client (OpenAI, OAuth, model download) can use;
 * "localhost:11434" (no scheme) parses as a URL but reaches nothing.
 */
const optionalHttpUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || isHttpUrl(v), { message: `${name} deve essere un indirizzo http:// o https:// valido` });
const httpUrl = (name: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(isHttpUrl, { message: `${name} deve essere un indirizzo http:// o https:// valido` });

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** An IPv4/IPv6 address or a DNS host name (labels of letters, digits and hyphens). */
export function isListenHost(value: string): boolean {
  if (net.isIP(value)) return true;
  // Four dotted numbers that are not an IPv4 address (999.1.1.1) are not a host name either.
  if (/^[\d.]+$/.test(value)) return false;
  return value.length <= 253 && value.split(".").every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front (a hop count), or the addresses/CIDRs of
 * the trusted ones. Off by default: the client address is then the socket's, whatever
 * X-Forwarded-For says. Returns the value Express's "trust proxy" setting takes.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim().toLowerCase();
  if (!v || v === "off" || v === "false" || v === "0") return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function isTrustProxy(value: string | undefined): boolean {
  const parsed = parseTrustProxy(value);
  if (typeof parsed === "number") return parsed >= 1 && parsed <= 10;
  if (parsed === false) return true;
  return parsed.every((entry) => {
    const [address, prefix, ...rest] = entry.split("/");
    const family = net.isIP(address);
    if (!family || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().default("0.0.0.0").refine(isListenHost, { message: "HOST deve essere un indirizzo IP o un nome host" }),
  TRUST_PROXY: optionalString.refine(isTrustProxy, {
    message: "TRUST_PROXY deve essere il numero di proxy davanti (1-10), un elenco di indirizzi o CIDR separati da virgole, oppure off",
  }),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol)), {
    message: "DATABASE_URL deve essere un URL postgres:// valido",
  }),
  APP_URL: optionalHttpUrl("APP_URL"),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "SESSION_SECRET deve avere almeno 16 caratteri",
  }),
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== ""),
    {
      message: "SMTP_URL deve essere un URL smtp:// o smtps:// (smtp://utente:password@host:587)",
    },
  ),
  MAIL_FROM: z.string().default("Verbale <noreply@verbale.local>"),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalHttpUrl("OPENAI_BASE_URL"),
  OPENAI_TRANSCRIPTION_MODEL: z.string().default("whisper-1"),
  OPENAI_ANALYSIS_MODEL: z.string().default("gpt-4o-mini"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: httpUrl("GOOGLE_AUTH_URL", "https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: httpUrl("GOOGLE_TOKEN_URL", "https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: httpUrl("GOOGLE_USERINFO_URL", "https://openidconnect.googleapis.com/v1/userinfo"),
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || isSignInEmail(v), {
    message: "ADMIN_EMAIL deve essere un indirizzo email valido",
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: "ADMIN_PASSWORD deve avere almeno 8 caratteri",
  }),
  // Unset: small with whisper.cpp built for this machine, base on the prebuilt binding (decision 002).
  WHISPER_MODEL: optionalString,
  WHISPER_MODEL_URL: httpUrl("WHISPER_MODEL_URL", "https://huggingface.co/ggerganov/whisper.cpp/resolve/main"),
  // A whisper.cpp command-line program to use instead of the one built at install ("off": the
  // prebuilt binding). Checked here so a wrong path stops start-up rather than a job.
  WHISPER_CLI: optionalString.refine((v) => v === undefined || v === "off" || fs.existsSync(v), {
    message: "WHISPER_CLI deve essere il percorso di un programma whisper-cli esistente oppure off",
  }),
  // Decision 043: live windows size whisper's context to their audio (fit) or hear a full 30 s (full).
  LIVE_AUDIO_CONTEXT: z.enum(["fit", "full"], { message: "LIVE_AUDIO_CONTEXT deve essere fit oppure full" }).default("fit"),
  TRANSCRIPTION_ENGINE: z.enum(["whisper", "openai"]).optional(),
  // local: the local LLM (node-llama-cpp) when its model is there or can be downloaded, else the
  // extractive analyzer; llm: the same; extractive: only the extractive analyzer (never downloads);
  // openai: an OpenAI-compatible chat server (ANALYSIS_BASE_URL, or OPENAI_BASE_URL).
  ANALYSIS_ENGINE: z.enum(["local", "llm", "extractive", "openai"]).optional(),
  // An OpenAI-compatible server for the analysis only (Ollama, vLLM, llama.cpp's server), while
  // speech stays wherever TRANSCRIPTION_ENGINE says. Setting the URL makes it the default engine.
  ANALYSIS_BASE_URL: optionalHttpUrl("ANALYSIS_BASE_URL"),
  ANALYSIS_API_KEY: optionalString,
  ANALYSIS_MODEL: optionalString,
  // The local LLM: a model name of the catalogue (worker/engines/llm/models.ts, default in
  // decision 012) downloaded on first use into DATA_DIR/models, or the path of a .gguf file.
  LLM_MODEL: optionalString,
  LLM_MODEL_URL: optionalHttpUrl("LLM_MODEL_URL"),
  // CPU threads for the local LLM; unset: every core.
  LLM_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  // Decision 043: low, the model's process yields the CPU to everything else (live windows first);
  // normal, it shares the CPU evenly (a machine that only writes minutes, the test suite).
  LLM_PRIORITY: z.enum(["low", "normal"], { message: "LLM_PRIORITY deve essere low oppure normal" }).default("low"),
  // Issue 35: the local LLM writes the minutes of each complete part of a live transcript while
  // the meeting runs (on, the default), or only after «Invia» (off).
  LLM_LIVE_PARTS: z.enum(["on", "off"], { message: "LLM_LIVE_PARTS deve essere on oppure off" }).default("on"),
  // Who spoke (issue 33, decision 038): auto diarizes when the models are there or can be
  // downloaded (else one log line and no speakers), on always tries, off never.
  DIARIZATION: z.enum(["auto", "on", "off"], { message: "DIARIZATION deve essere auto, on oppure off" }).default("auto"),
  // The number of speakers when it is known; unset, found by clustering (a meeting's own
  // «Numero di partecipanti che parlano» wins over it).
  DIARIZATION_SPEAKERS: z.coerce
    .number({ message: "DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100" })
    .int({ message: "DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100" })
    .min(1, { message: "DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100" })
    .max(100, { message: "DIARIZATION_SPEAKERS deve essere un numero intero da 1 a 100" })
    .optional(),
  // Local ONNX files instead of the catalogue's (worker/engines/diarization/models.ts).
  DIARIZATION_SEGMENTATION_MODEL: optionalString,
  DIARIZATION_EMBEDDING_MODEL: optionalString,
  DIARIZATION_MODEL_URL: optionalHttpUrl("DIARIZATION_MODEL_URL"),
  // Clustering distance threshold: smaller finds more speakers.
  DIARIZATION_THRESHOLD: z.coerce
    .number({ message: "DIARIZATION_THRESHOLD deve essere un numero tra 0.01 e 2" })
    .min(0.01, { message: "DIARIZATION_THRESHOLD deve essere un numero tra 0.01 e 2" })
    .max(2, { message: "DIARIZATION_THRESHOLD deve essere un numero tra 0.01 e 2" })
    .default(0.5),
  // all: HTTP and worker in one process (the default); web: HTTP only, jobs go to the queue in
  // Postgres; worker: jobs only, no app HTTP (decision 022).
  PROCESS_ROLE: z.enum(["all", "web", "worker"], { message: "PROCESS_ROLE deve essere all, web oppure worker" }).default("all"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // PROCESS_ROLE=worker: the port of its liveness endpoint (GET /healthz); unset, none. 0 picks a free port.
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // A pipeline job whose worker has not beaten for this long is taken up by another process; the
  // jobs beat every third of it (decision 022; 45 s: beats every 15 s, back within a minute).
  WORKER_STALE_JOB_SECONDS: z.coerce.number().int().min(6).max(3600).default(45),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** auto: readable lines at a terminal, JSON lines otherwise (a file, a pipe, a log collector). */
  LOG_FORMAT: z.enum(["auto", "text", "json"]).default("auto"),
  // Where audio, recording chunks and documents live (decision 021): unset or file: the folder
  // DATA_DIR/storage; file:///a/folder another folder; s3://bucket/prefix an S3-compatible store.
  STORAGE_URL: optionalString.refine((v) => v === undefined || parseStorageUrl(v) !== undefined, {
    message:
      "STORAGE_URL deve essere file:, file:///cartella/assoluta oppure s3://bucket/prefisso (bucket di 3-63 caratteri: minuscole, cifre, punti, trattini)",
  }),
  // The S3 API's address for anything but AWS itself (MinIO, Ceph, Garage, R2...); unset: AWS.
  S3_ENDPOINT: optionalHttpUrl("S3_ENDPOINT"),
  S3_REGION: z.string().trim().default("us-east-1"),
  // Both or neither: without them the SDK's own chain (AWS_* variables, instance role) applies.
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // MinIO and most self-hosted stores answer at endpoint/bucket/key rather than bucket.endpoint/key.
  S3_FORCE_PATH_STYLE: optionalString.refine((v) => v === undefined || BOOLEAN_WORDS.has(v.toLowerCase()), {
    message: "S3_FORCE_PATH_STYLE deve essere true o false",
  }),
});

const BOOLEAN_WORDS = new Map([
  ["true", true],
  ["1", true],
  ["yes", true],
  ["on", true],
  ["false", false],
  ["0", false],
  ["no", false],
  ["off", false],
]);

export type StorageLocation = { kind: "local"; root: string | undefined } | { kind: "s3"; bucket: string; prefix: string };

/**
 * STORAGE_URL as a location: undefined for anything else. `file:` alone is the default folder
 * (root undefined: DATA_DIR/storage); an s3 prefix loses its outer slashes ("" for none).
 */
export function parseStorageUrl(value: string | undefined): StorageLocation | undefined {
  if (value === undefined || value === "file:") return { kind: "local", root: undefined };
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol === "file:") {
    if (url.host !== "" || url.pathname === "/" || url.search || url.hash) return undefined;
    return { kind: "local", root: decodeURIComponent(url.pathname).replace(/\/+$/, "") };
  }
  if (url.protocol !== "s3:" || url.username || url.password || url.port || url.search || url.hash) return undefined;
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes("..")) return undefined;
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((part) => part === "." || part === "..") || /\/\//.test(prefix)) return undefined;
  return { kind: "s3", bucket, prefix };
}

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, "S3_FORCE_PATH_STYLE"> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  APP_URL: string;
  TRANSCRIPTION_ENGINE: "whisper" | "openai";
  ANALYSIS_ENGINE: "local" | "extractive" | "openai";
  STORAGE: StorageLocation;
  S3_FORCE_PATH_STYLE: boolean;
};

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError with one line naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "ambiente");
    // The value helps the operator, but a secret must not reach the terminal or a log file.
    const shown = (SECRET_VARIABLES as readonly string[]).includes(name) ? "nascosto" : JSON.stringify(redactSecrets(env[name] ?? ""));
    throw new ConfigError(`Configurazione non valida: ${name}: ${issue.message} (valore: ${shown})`);
  }
  const e = result.data;
  const storage = parseStorageUrl(e.STORAGE_URL)!;
  if (storage.kind === "s3" && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(`Configurazione non valida: ${missing}: S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno indicate insieme (valore: nascosto)`);
  }
  if (e.PROCESS_ROLE !== "all") {
    // An embedded Postgres belongs to one process: separate web and worker processes share one
    // external database; web nodes must agree on the secret that signs cookies and codes.
    if (!e.DATABASE_URL)
      throw new ConfigError(
        `Configurazione non valida: DATABASE_URL: obbligatoria con PROCESS_ROLE=${e.PROCESS_ROLE} (i processi separati condividono un Postgres esterno)`,
      );
    if (e.PROCESS_ROLE === "web" && !e.SESSION_SECRET) {
      throw new ConfigError("Configurazione non valida: SESSION_SECRET: obbligatoria con PROCESS_ROLE=web (tutti i nodi web devono usare la stessa)");
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const defaultEngine = e.OPENAI_API_KEY ? "openai" : undefined;
  return {
    ...e,
    DATA_DIR: dataDir,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: e.SESSION_SECRET ?? "",
    TRANSCRIPTION_ENGINE: e.TRANSCRIPTION_ENGINE ?? defaultEngine ?? "whisper",
    ANALYSIS_ENGINE: analysisEngine(e),
    STORAGE: storage,
    S3_FORCE_PATH_STYLE: BOOLEAN_WORDS.get(e.S3_FORCE_PATH_STYLE?.toLowerCase() ?? "") ?? false,
  };
}

function analysisEngine(e: Env): Config["ANALYSIS_ENGINE"] {
  if (e.ANALYSIS_ENGINE === "llm") return "local";
  if (e.ANALYSIS_ENGINE) return e.ANALYSIS_ENGINE;
  return e.ANALYSIS_BASE_URL || e.OPENAI_API_KEY ? "openai" : "local";
}

/** Reads the secret from DATA_DIR, creating it once, when SESSION_SECRET is not given. */
function ensureSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

const globalForConfig = globalThis as unknown as { __verbaleConfig?: Config };

/** The process-wide configuration, parsed once. */
export function getConfig(): Config {
  if (!globalForConfig.__verbaleConfig) {
    const config = parseConfig(process.env);
    config.SESSION_SECRET = ensureSessionSecret(config);
    globalForConfig.__verbaleConfig = config;
  }
  return globalForConfig.__verbaleConfig;
}

/** Tests replace the configuration (e.g. a fresh DATA_DIR) through this. */
export function setConfigForTests(overrides: Partial<Config>): Config {
  const config = { ...getConfig(), ...overrides };
  globalForConfig.__verbaleConfig = config;
  return config;
}
