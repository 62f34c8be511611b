import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
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

const optionalUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: `${name} deve essere un URL valido`,
  });

/** An http(s) address: "localhost:11434" (no scheme) parses as a URL but reaches nothing. */
const optionalHttpUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
    message: `${name} deve essere un indirizzo http:// o https:// valido`,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  APP_URL: optionalUrl("APP_URL"),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "SESSION_SECRET deve avere almeno 16 caratteri",
  }),
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: z.string().default("Verbale <noreply@verbale.local>"),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL"),
  OPENAI_TRANSCRIPTION_MODEL: z.string().default("whisper-1"),
  OPENAI_ANALYSIS_MODEL: z.string().default("gpt-4o-mini"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || isSignInEmail(v), {
    message: "ADMIN_EMAIL deve essere un indirizzo email valido",
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: "ADMIN_PASSWORD deve avere almeno 8 caratteri",
  }),
  // Unset: small with whisper.cpp built for this machine, base on the prebuilt binding (decision 002).
  WHISPER_MODEL: optionalString,
  WHISPER_MODEL_URL: z.string().url().default("https://huggingface.co/ggerganov/whisper.cpp/resolve/main"),
  // A whisper.cpp command-line program to use instead of the one built at install ("off": the
  // prebuilt binding). Checked here so a wrong path stops start-up rather than a job.
  WHISPER_CLI: optionalString.refine((v) => v === undefined || v === "off" || fs.existsSync(v), {
    message: "WHISPER_CLI deve essere il percorso di un programma whisper-cli esistente oppure off",
  }),
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
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  APP_URL: string;
  TRANSCRIPTION_ENGINE: "whisper" | "openai";
  ANALYSIS_ENGINE: "local" | "extractive" | "openai";
};

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError with one line naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? "ambiente");
    throw new ConfigError(`Configurazione non valida: ${name}: ${issue.message} (valore: ${JSON.stringify(env[name] ?? "")})`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const defaultEngine = e.OPENAI_API_KEY ? "openai" : undefined;
  return {
    ...e,
    DATA_DIR: dataDir,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: e.SESSION_SECRET ?? "",
    TRANSCRIPTION_ENGINE: e.TRANSCRIPTION_ENGINE ?? (defaultEngine ?? "whisper"),
    ANALYSIS_ENGINE: analysisEngine(e),
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
