import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BrowserWindow,
  Menu,
  Notification,
  app,
  desktopCapturer,
  dialog,
  ipcMain,
  powerSaveBlocker,
  screen,
  session,
  shell,
  type WebPreferences,
} from "electron";
import { registerIpcHandlers } from "./ipc";
import { buildMenuTemplate } from "./menu";
import { messages } from "./messages";
import { installNavigationGuards } from "./navigation";
import { createNotifier } from "./notifications";
import { installPermissionHandlers } from "./permissions";
import { findFreePort, isPortFree } from "./ports";
import { createPowerSaveKeeper } from "./power-save";
import { choosePort, startServer, type RunningServer, StartupError } from "./server";
import { locateServer, serverLoader } from "./server-location";
import { createSettingsStore } from "./settings";
import { createShutdown } from "./shutdown";
import { installSystemAudio, loopbackFeatures, systemAudioSupport, type Exec } from "./system-audio";
import { acquireSingleInstance, focusWindow } from "./single-instance";
import { clampToDisplays, loadWindowState, saveWindowState, trackWindowState } from "./window-state";

/**
 * Wiring only: every decision lives in the modules imported above, which are unit-tested.
 * Order matters at start: userData → single-instance lock → ready → splash → server → window.
 */

const APP_NAME = "Verbale";
const isDevelopment = !app.isPackaged;

// Development gets its own data folder, so trying a branch never touches real recordings.
if (isDevelopment) app.setPath("userData", path.join(app.getPath("appData"), `${APP_NAME}-sviluppo`));

const userData = app.getPath("userData");
const dataDir = path.join(userData, "data");
const windowStateFile = path.join(userData, "window-state.json");
const settings = createSettingsStore(path.join(userData, "desktop.json"), fs, path.dirname);

let mainWindow: BrowserWindow | undefined;
let splashWindow: BrowserWindow | undefined;
let server: RunningServer | undefined;

const powerSave = createPowerSaveKeeper(powerSaveBlocker);

// «Microfono e audio del computer»: Chromium's features for it must be on before the app is ready.
const audioFeatures = loopbackFeatures(process.platform, os.release());
if (audioFeatures.length > 0) app.commandLine.appendSwitch("enable-features", audioFeatures.join(","));
// pactl in English whatever the user's language, so its output can be read (system-audio.ts).
const runProgram: Exec = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { env: { ...process.env, LC_ALL: "C" }, timeout: 5000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
const systemAudio = () => systemAudioSupport(process.platform, os.release(), runProgram);

const shutdown = createShutdown(() => ({
  releasePowerSave: () => powerSave.release(),
  closeWindows: () => closeAllWindows(),
  stopServer: server ? () => server!.stop() : undefined,
  quit: () => app.quit(),
}));

// The lock must come before anything else starts: a second copy must not touch Postgres.
if (!acquireSingleInstance(app, () => mainWindow ?? splashWindow)) {
  app.quit();
} else {
  app.on("before-quit", (event) => {
    if (shutdown.done()) return;
    event.preventDefault();
    void shutdown.run();
  });
  // Closing the last window ends the app on every platform, macOS included: the server and
  // Postgres must not keep running invisibly.
  app.on("window-all-closed", () => void shutdown.run());
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown.run());
  app.on("web-contents-created", (_event, contents) => {
    contents.on("will-attach-webview", (attachEvent) => attachEvent.preventDefault());
  });
  app.whenReady().then(start, (error: unknown) => fail(error));
}

const secureWebPreferences: WebPreferences = {
  contextIsolation: true,
  nodeIntegration: false,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  // A recording keeps its timer and MediaRecorder running while the window is hidden.
  backgroundThrottling: false,
};

async function start(): Promise<void> {
  app.setAboutPanelOptions({ applicationName: APP_NAME, applicationVersion: app.getVersion(), credits: `Dati: ${dataDir}` });
  setMenu(undefined);
  splashWindow = createSplash();

  const port = await choosePort(
    settings.get().port,
    (p) => isPortFree(p),
    () => findFreePort(),
  );
  const location = locateServer({ isPackaged: app.isPackaged, appPath: app.getAppPath(), resourcesPath: process.resourcesPath });
  // Vite resolves its config from the working directory, and relative paths in the web app assume the repo root.
  if (location.kind === "repository") process.chdir(location.root);
  try {
    server = await startServer({
      // Kept as a real dynamic import (esbuild leaves import(variable) alone) so the ESM server loads as ESM.
      loadServer: serverLoader(location, (url) => import(url), { vite: isDevelopment && process.env.VERBALE_DESKTOP_VITE === "1" }),
      env: process.env,
      dataDir,
      port,
      dev: isDevelopment && process.env.VERBALE_DESKTOP_VITE === "1",
      health: { fetch: (url, init) => fetch(url, init), timeoutMs: 90_000 },
    });
  } catch (error) {
    await fail(error);
    return;
  }
  // Quit asked while Postgres was starting (e.g. the splash closed): stop what just started.
  if (shutdown.started()) {
    await server.stop().catch(() => {});
    return;
  }
  settings.update({ port: server.port });

  const appOrigin = new URL(server.url).origin;
  const here = await systemAudio();
  installPermissionHandlers(session.defaultSession, appOrigin, { displayCapture: here.supported && here.method === "loopback" });
  installSystemAudio(session.defaultSession, { appOrigin, support: systemAudio, getSources: (options) => desktopCapturer.getSources(options) });
  registerIpcHandlers(ipcMain, {
    appOrigin,
    powerSave,
    systemAudio,
    notifier: createNotifier({
      isSupported: () => Notification.isSupported(),
      create: (options) => new Notification(options),
      onClick: () => focusWindow(mainWindow),
    }),
  });
  setMenu(server.url);
  mainWindow = createMainWindow(server.url, appOrigin);
}

function createSplash(): BrowserWindow {
  const splash = new BrowserWindow({
    width: 420,
    height: 260,
    frame: false,
    resizable: false,
    movable: true,
    center: true,
    show: true,
    title: APP_NAME,
    backgroundColor: "#0f172a",
    webPreferences: { ...secureWebPreferences, backgroundThrottling: true },
  });
  splash.loadFile(path.join(__dirname, "splash.html")).catch(() => {});
  splash.on("closed", () => {
    splashWindow = undefined;
  });
  return splash;
}

function createMainWindow(baseUrl: string, appOrigin: string): BrowserWindow {
  const primary = screen.getPrimaryDisplay().workArea;
  const state = clampToDisplays(
    loadWindowState(windowStateFile, fs),
    screen.getAllDisplays().map((display) => display.workArea),
    primary,
  );
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 720,
    minHeight: 560,
    show: false,
    title: APP_NAME,
    webPreferences: { ...secureWebPreferences, preload: path.join(__dirname, "preload.js") },
  });
  trackWindowState(win, (next) => saveWindowState(windowStateFile, next, fs, path.dirname));
  installNavigationGuards(win.webContents, appOrigin, (url) => shell.openExternal(url));
  win.once("ready-to-show", () => {
    if (state.maximized) win.maximize();
    win.show();
    splashWindow?.destroy();
  });
  // A crashed or closed page can no longer call releaseAwake: release for it.
  win.webContents.on("render-process-gone", () => powerSave.release());
  win.webContents.on("did-start-navigation", (details) => {
    if (details.isMainFrame && !details.isSameDocument) powerSave.release();
  });
  win.on("closed", () => {
    powerSave.release();
    mainWindow = undefined;
  });
  // The recorder's beforeunload (recording, or audio not yet uploaded) would veto the close
  // silently in Electron: ask instead. Leaving loses nothing, the recording is recovered on /record.
  win.webContents.on("will-prevent-unload", (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: "question",
      buttons: [messages.leaveStay, messages.leaveAnyway],
      defaultId: 0,
      cancelId: 0,
      title: APP_NAME,
      message: messages.leaveRecordingTitle,
      detail: messages.leaveRecordingDetail,
    });
    if (choice === 1) event.preventDefault();
  });
  win.loadURL(`${baseUrl}/record`).catch((error: unknown) => console.error("Caricamento della pagina non riuscito:", error));
  return win;
}

function setMenu(baseUrl: string | undefined): void {
  const template = buildMenuTemplate({
    platform: process.platform,
    appName: APP_NAME,
    isDevelopment,
    actions: {
      openPath: (target) => {
        if (!baseUrl || !mainWindow) return;
        focusWindow(mainWindow);
        mainWindow.loadURL(`${baseUrl}${target}`).catch(() => {});
      },
      openDataFolder: () => {
        fs.mkdirSync(dataDir, { recursive: true });
        void shell.openPath(dataDir);
      },
      showAbout: () => app.showAboutPanel(),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function closeAllWindows(): Promise<void> {
  const windows = BrowserWindow.getAllWindows().filter((win) => !win.isDestroyed());
  return Promise.all(
    windows.map(
      (win) =>
        new Promise<void>((resolve) => {
          win.once("closed", () => resolve());
          win.close();
          // close() can be vetoed by a beforeunload handler; shutting down wins.
          setTimeout(() => {
            if (!win.isDestroyed()) win.destroy();
            resolve();
          }, 3000).unref();
        }),
    ),
  ).then(() => undefined);
}

async function fail(error: unknown): Promise<void> {
  const startup = error instanceof StartupError ? error : new StartupError(messages.startFailedGeneric, String(error));
  console.error(startup.message, startup.detail ?? "");
  // Hidden, not destroyed: destroying the last window would quit before the dialog is read.
  splashWindow?.hide();
  await dialog.showMessageBox({
    type: "error",
    title: messages.startFailedTitle,
    message: startup.message,
    detail: startup.detail ? `${messages.detailsLabel}: ${startup.detail}` : undefined,
    buttons: [messages.quitButton],
  });
  void shutdown.run();
}
