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
  ])("names the variable when %s is wrong", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Configurazione non valida: ${name}:`));
  });
});
