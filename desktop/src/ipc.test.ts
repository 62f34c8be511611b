import { describe, expect, it, vi } from "vitest";
import { IPC, cleanText } from "./ipc-contract";
import { isTrustedSender, registerIpcHandlers } from "./ipc";
import { createPowerSaveKeeper } from "./power-save";

const APP = "http://127.0.0.1:41000";
type Handler = (event: unknown, ...args: unknown[]) => unknown;

function setup() {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
  let started = 0;
  const stopped = new Set<number>();
  const blocker = {
    start: vi.fn(() => ++started),
    stop: vi.fn((id: number) => stopped.add(id)),
    isStarted: (id: number) => id <= started && !stopped.has(id),
  };
  const powerSave = createPowerSaveKeeper(blocker as never);
  const notifier = { notify: vi.fn(() => true) };
  const log = vi.fn();
  const systemAudio = vi.fn(async () => ({ supported: true as const, method: "loopback" as const }));
  const unregister = registerIpcHandlers(ipcMain as never, { appOrigin: APP, powerSave, notifier, systemAudio, log });
  const from = (url: string | undefined) => ({ senderFrame: url === undefined ? null : { url } });
  const call = (channel: string, url: string | undefined, ...args: unknown[]) => handlers.get(channel)!(from(url), ...args);
  return { handlers, powerSave, notifier, systemAudio, blocker, log, unregister, call };
}

describe("registerIpcHandlers", () => {
  it("answers the preload calls from the app's own pages", async () => {
    const t = setup();
    expect([...t.handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
    t.call(IPC.keepAwake, `${APP}/record`, "Registrazione in corso");
    expect(t.powerSave.isActive()).toBe(true);
    expect(t.powerSave.reason()).toBe("Registrazione in corso");
    t.call(IPC.releaseAwake, `${APP}/record`);
    expect(t.powerSave.isActive()).toBe(false);
    t.call(IPC.notify, `${APP}/transcription/5`, "Trascrizione pronta", "Riunione");
    expect(t.notifier.notify).toHaveBeenCalledWith("Trascrizione pronta", "Riunione");
    expect(await t.call(IPC.systemAudio, `${APP}/record`)).toEqual({ supported: true, method: "loopback" });
  });

  it("refuses calls from any other origin or a frame that is gone", () => {
    const t = setup();
    expect(() => t.call(IPC.keepAwake, "https://evil.example/")).toThrow("Origine non autorizzata");
    expect(() => t.call(IPC.notify, "http://127.0.0.1:9/", "a", "b")).toThrow();
    expect(() => t.call(IPC.releaseAwake, undefined)).toThrow();
    expect(() => t.call(IPC.systemAudio, "https://evil.example/")).toThrow();
    expect(t.blocker.start).not.toHaveBeenCalled();
    expect(t.notifier.notify).not.toHaveBeenCalled();
    expect(t.systemAudio).not.toHaveBeenCalled();
    expect(t.log).toHaveBeenCalledTimes(4);
  });

  it("ignores a non-string reason and can be unregistered", () => {
    const t = setup();
    t.call(IPC.keepAwake, APP, { toString: () => "x" });
    expect(t.powerSave.reason()).toBeUndefined();
    t.unregister();
    expect(t.handlers.size).toBe(0);
  });
});

describe("isTrustedSender / cleanText", () => {
  it("compares whole origins", () => {
    expect(isTrustedSender({ senderFrame: { url: `${APP}/x` } } as never, APP)).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: "http://127.0.0.1:41000.evil.example/" } } as never, APP)).toBe(false);
  });
  it("keeps only non-empty, bounded strings", () => {
    expect(cleanText("  a \n b ", 10)).toBe("a b");
    expect(cleanText("", 10)).toBeUndefined();
    expect(cleanText(42, 10)).toBeUndefined();
    expect(cleanText("abcdefghijkl", 5)).toBe("abcd…");
  });
});
