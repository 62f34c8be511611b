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
