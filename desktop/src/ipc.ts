import type { IpcMain, IpcMainInvokeEvent } from "electron";
import { IPC, MAX_REASON_LENGTH, cleanText } from "./ipc-contract";
import type { Notifier } from "./notifications";
import { originOf } from "./permissions";
import type { PowerSaveKeeper } from "./power-save";
import type { SystemAudioSupport } from "./system-audio";

/**
 * Main-process side of `window.verbaleDesktop`. Each call is checked to come from the app's own
 * origin: the preload also runs in any page the window might show, and only Verbale itself may
 * keep the machine awake or post notifications.
 */

type Handlers = Pick<IpcMain, "handle" | "removeHandler">;
type SenderEvent = Pick<IpcMainInvokeEvent, "senderFrame">;

export function isTrustedSender(event: SenderEvent, appOrigin: string): boolean {
  const url = event.senderFrame?.url;
  return originOf(url) === appOrigin;
}

export function registerIpcHandlers(
  ipcMain: Handlers,
  options: {
    appOrigin: string;
    powerSave: PowerSaveKeeper;
    notifier: Notifier;
    systemAudio: () => Promise<SystemAudioSupport>;
    log?: (message: string) => void;
  },
): () => void {
  const log = options.log ?? console.warn;
  const guarded =
    <T>(name: string, action: (...args: unknown[]) => T) =>
    (event: SenderEvent, ...args: unknown[]): T => {
      if (!isTrustedSender(event, options.appOrigin)) {
        log(`Chiamata ${name} rifiutata da ${event.senderFrame?.url ?? "origine sconosciuta"}`);
        throw new Error("Origine non autorizzata");
      }
      return action(...args);
    };
  ipcMain.handle(
    IPC.keepAwake,
    guarded(IPC.keepAwake, (reason) => options.powerSave.keepAwake(cleanText(reason, MAX_REASON_LENGTH))),
  );
  ipcMain.handle(
    IPC.releaseAwake,
    guarded(IPC.releaseAwake, () => options.powerSave.release()),
  );
  ipcMain.handle(
    IPC.notify,
    guarded(IPC.notify, (title, body) => {
      options.notifier.notify(title, body);
    }),
  );
  ipcMain.handle(
    IPC.systemAudio,
    guarded(IPC.systemAudio, () => options.systemAudio()),
  );
  return () => {
    for (const channel of Object.values(IPC)) ipcMain.removeHandler(channel);
  };
}
