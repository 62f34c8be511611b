import { contextBridge, ipcRenderer } from "electron";
import { IPC } from "./ipc-contract";

/**
 * Runs sandboxed, before the page. It exposes exactly the four members of `VerbaleDesktop`
 * (app/lib/desktop-bridge.ts) and nothing of ipcRenderer itself, so a page can only ask for
 * these three things. esbuild bundles ipc-contract into this file, because a sandboxed preload
 * cannot require local modules.
 */
contextBridge.exposeInMainWorld("verbaleDesktop", {
  isDesktop: true,
  keepAwake: (reason?: string): Promise<void> => ipcRenderer.invoke(IPC.keepAwake, reason),
  releaseAwake: (): Promise<void> => ipcRenderer.invoke(IPC.releaseAwake),
  notify: (title: string, body: string): Promise<void> => ipcRenderer.invoke(IPC.notify, title, body),
});
