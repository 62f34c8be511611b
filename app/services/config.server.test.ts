import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

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
