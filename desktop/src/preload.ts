import { contextBridge, ipcRenderer } from "electron";
import { IPC } from "./ipc-contract";

/**
 * Runs sandboxed, before the page. It exposes exactly the members of `VerbaleDesktop`
 * (app/lib/desktop-bridge.ts) and nothing of ipcRenderer itself, so a page can only ask for
 * these four things. esbuild bundles ipc-contract into this file, because a sandboxed preload
 * cannot require local modules.
 */
contextBridge.exposeInMainWorld("verbaleDesktop", {
  isDesktop: true,
  keepAwake: (reason?: string): Promise<void> => ipcRenderer.invoke(IPC.keepAwake, reason),
  releaseAwake: (): Promise<void> => ipcRenderer.invoke(IPC.releaseAwake),
  notify: (title: string, body: string): Promise<void> => ipcRenderer.invoke(IPC.notify, title, body),
  // Whether «Microfono e audio del computer» works here, how, and if not why (system-audio.ts).
  systemAudio: (): Promise<unknown> => ipcRenderer.invoke(IPC.systemAudio),
});
