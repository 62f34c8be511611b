import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parseTrustProxy } from "./config.server";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR.endsWith("/data")).toBe(true);
    expect(config.TRANSCRIPTION_ENGINE).toBe("whisper");
    expect(config.ANALYSIS_ENGINE).toBe("local");
    expect(config.APP_URL).toBe("http://localhost:3000");
  });

  it("defaults both engines to openai when an API key is set", () => {
    const config = parseConfig({ OPENAI_API_KEY: "sk-test" });
    expect(config.TRANSCRIPTION_ENGINE).toBe("openai");
    expect(config.ANALYSIS_ENGINE).toBe("openai");
  });

  it("sends the analysis to ANALYSIS_BASE_URL while speech stays on whisper.cpp; llm means the local LLM", () => {
    const config = parseConfig({ ANALYSIS_BASE_URL: "http://127.0.0.1:11434/v1", ANALYSIS_MODEL: "qwen2.5:7b-instruct" });
    expect(config.ANALYSIS_ENGINE).toBe("openai");
    expect(config.TRANSCRIPTION_ENGINE).toBe("whisper");
    expect(config.ANALYSIS_MODEL).toBe("qwen2.5:7b-instruct");
    expect(parseConfig({ ANALYSIS_ENGINE: "llm" }).ANALYSIS_ENGINE).toBe("local");
    expect(parseConfig({ ANALYSIS_ENGINE: "extractive", OPENAI_API_KEY: "sk-x" }).ANALYSIS_ENGINE).toBe("extractive");
    expect(parseConfig({ LLM_THREADS: "2" }).LLM_THREADS).toBe(2);
  });

  it("accepts admin@localhost as ADMIN_EMAIL, as the default first admin is", () => {
    expect(parseConfig({ ADMIN_EMAIL: "admin@localhost" }).ADMIN_EMAIL).toBe("admin@localhost");
  });

  it("accepts WHISPER_CLI as an existing program or off", () => {
    expect(parseConfig({ WHISPER_CLI: process.execPath }).WHISPER_CLI).toBe(process.execPath);
    expect(parseConfig({ WHISPER_CLI: "off" }).WHISPER_CLI).toBe("off");
    expect(parseConfig({}).WHISPER_CLI).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "not a url"],
    ["TRANSCRIPTION_ENGINE", "vosk"],
    ["ADMIN_EMAIL", "admin"],
    ["SMTP_URL", "::"],
    ["WHISPER_CLI", "/nessuna/cartella/whisper-cli"],
    ["ANALYSIS_ENGINE", "gpt"],
    ["ANALYSIS_BASE_URL", "localhost:11434"],
    ["LLM_MODEL_URL", "non un url"],
    ["LLM_THREADS", "0"],
  ])("names the variable when %s is wrong", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Configurazione non valida: ${name}:`));
  });
});

describe("parseConfig refuses what cannot work, before the database starts", () => {
  it.each([
    ["OPENAI_BASE_URL", "ftp://esempio.it/v1"],
    ["OPENAI_BASE_URL", "file:///etc/passwd"],
    ["APP_URL", "javascript:alert(1)"],
    ["HOST", "999.1.1.1"],
    ["HOST", "host con spazi"],
    ["HOST", "http://localhost"],
    ["DATABASE_URL", "mysql://u:p@127.0.0.1/db"],
    ["SMTP_URL", "http://posta.esempio.it"],
    ["GOOGLE_TOKEN_URL", "ftp://esempio.it/token"],
    ["WHISPER_MODEL_URL", "file:///tmp/modelli"],
    ["TRUST_PROXY", "tutti"],
    ["TRUST_PROXY", "10.0.0.0/99"],
    ["TRUST_PROXY", "999.1.1.1"],
  ])("%s=%s", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Configurazione non valida: ${name}:`));
  });

  it("accepts addresses and host names for HOST, hop counts and CIDR lists for TRUST_PROXY", () => {
    for (const host of ["0.0.0.0", "127.0.0.1", "::", "::1", "localhost", "verbale.esempio.it"]) expect(parseConfig({ HOST: host }).HOST).toBe(host);
    expect(parseTrustProxy(parseConfig({}).TRUST_PROXY)).toBe(false);
    expect(parseTrustProxy(parseConfig({ TRUST_PROXY: "off" }).TRUST_PROXY)).toBe(false);
    expect(parseTrustProxy(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY)).toBe(1);
    expect(parseTrustProxy(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5, fd00::/8" }).TRUST_PROXY)).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "fd00::/8",
    ]);
  });

  it("never prints a secret in its error line", () => {
    const cases: [Record<string, string>, string][] = [
      [{ SMTP_URL: "http://mario:PasswordSmtp99@posta.esempio.it" }, "PasswordSmtp99"],
      [{ DATABASE_URL: "mysql://postgres:SegretoDb123@127.0.0.1/db" }, "SegretoDb123"],
      [{ SESSION_SECRET: "corto" }, "corto"],
      [{ ADMIN_PASSWORD: "abc" }, '"abc"'],
    ];
    for (const [env, secret] of cases) {
      let message = "";
      try {
        parseConfig(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Configurazione non valida:/);
      expect(message).not.toContain(secret);
    }
  });
});

describe("storage configuration (decision 021)", () => {
  it("is the folder DATA_DIR/storage when STORAGE_URL is unset or file:, another folder for file:///path", () => {
    expect(parseConfig({}).STORAGE).toEqual({ kind: "local", root: undefined });
    expect(parseConfig({ STORAGE_URL: "file:" }).STORAGE).toEqual({ kind: "local", root: undefined });
    expect(parseConfig({ STORAGE_URL: "file:///srv/verbale/archivio/" }).STORAGE).toEqual({ kind: "local", root: "/srv/verbale/archivio" });
  });

  it("reads s3://bucket/prefix and the S3 variables", () => {
    const config = parseConfig({
      STORAGE_URL: "s3://verbale-audio/produzione/",
      S3_ENDPOINT: "http://minio:9000",
      S3_REGION: "eu-south-1",
      S3_ACCESS_KEY_ID: "chiave",
      S3_SECRET_ACCESS_KEY: "segreto-lungo",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.STORAGE).toEqual({ kind: "s3", bucket: "verbale-audio", prefix: "produzione" });
    expect(config).toMatchObject({ S3_ENDPOINT: "http://minio:9000", S3_REGION: "eu-south-1", S3_FORCE_PATH_STYLE: true });
    expect(parseConfig({ STORAGE_URL: "s3://verbale-audio" }).STORAGE).toEqual({ kind: "s3", bucket: "verbale-audio", prefix: "" });
    expect(parseConfig({ STORAGE_URL: "s3://verbale-audio" })).toMatchObject({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false });
    expect(parseConfig({ S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it.each([
    ["STORAGE_URL", "s3://"],
    ["STORAGE_URL", "s3:///solo-prefisso"],
    ["STORAGE_URL", "s3://Bucket_Maiuscolo/x"],
    ["STORAGE_URL", "s3://ab"],
    ["STORAGE_URL", "s3://utente:password@bucket/x"],
    ["STORAGE_URL", "minio://bucket"],
    ["STORAGE_URL", "/cartella/senza/schema"],
    ["STORAGE_URL", "file://host/cartella"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_ENDPOINT", "ftp://minio:9000"],
    ["S3_FORCE_PATH_STYLE", "forse"],
  ])("stops start-up naming %s=%s", (name, value) => {
    expect(() => parseConfig({ STORAGE_URL: "s3://verbale-audio", [name]: value })).toThrow(new RegExp(`^Configurazione non valida: ${name}:`));
  });

  it("wants both S3 keys or neither, and never prints the secret", () => {
    expect(() => parseConfig({ STORAGE_URL: "s3://verbale-audio", S3_ACCESS_KEY_ID: "chiave" })).toThrow(
      /^Configurazione non valida: S3_SECRET_ACCESS_KEY:/,
    );
    let message = "";
    try {
      parseConfig({ STORAGE_URL: "s3://verbale-audio", S3_SECRET_ACCESS_KEY: "SegretoS3Lungo" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Configurazione non valida: S3_ACCESS_KEY_ID:/);
    expect(message).not.toContain("SegretoS3Lungo");
  });
});

describe("process roles (decision 022)", () => {
  const shared = { DATABASE_URL: "postgres://verbale:pw@db.esempio.it:5432/verbale", SESSION_SECRET: "un-segreto-condiviso-lungo" };

  it("defaults to one process doing everything, with the 45 s stale-job limit", () => {
    const config = parseConfig({});
    expect(config.PROCESS_ROLE).toBe("all");
    expect(config.WORKER_HEALTH_PORT).toBeUndefined();
    expect(config.WORKER_STALE_JOB_SECONDS).toBe(45);
  });

  it("accepts web and worker processes on a shared external Postgres", () => {
    expect(parseConfig({ ...shared, PROCESS_ROLE: "web" }).PROCESS_ROLE).toBe("web");
    const worker = parseConfig({
      DATABASE_URL: shared.DATABASE_URL,
      PROCESS_ROLE: "worker",
      WORKER_HEALTH_PORT: "3001",
      WORKER_STALE_JOB_SECONDS: "20",
    });
    expect(worker).toMatchObject({ PROCESS_ROLE: "worker", WORKER_HEALTH_PORT: 3001, WORKER_STALE_JOB_SECONDS: 20 });
  });

  it.each([
    [{ PROCESS_ROLE: "scheduler" }, "PROCESS_ROLE", /all, web oppure worker/],
    [{ PROCESS_ROLE: "web", SESSION_SECRET: "un-segreto-condiviso-lungo" }, "DATABASE_URL", /PROCESS_ROLE=web/],
    [{ PROCESS_ROLE: "worker" }, "DATABASE_URL", /PROCESS_ROLE=worker/],
    [{ PROCESS_ROLE: "web", DATABASE_URL: "postgres://db.esempio.it/verbale" }, "SESSION_SECRET", /stessa/],
    [{ WORKER_HEALTH_PORT: "porta" }, "WORKER_HEALTH_PORT", /./],
    [{ WORKER_HEALTH_PORT: "70000" }, "WORKER_HEALTH_PORT", /./],
    [{ WORKER_STALE_JOB_SECONDS: "2" }, "WORKER_STALE_JOB_SECONDS", /./],
  ])("refuses %o naming %s", (env, name, reason) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Configurazione non valida: ${name}:`));
    expect(() => parseConfig(env)).toThrow(reason);
  });
});
