import type { MenuItemConstructorOptions } from "electron";

/**
 * The Italian application menu. Built as a plain template (no Electron calls) so its structure
 * is tested; main.ts passes it to Menu.buildFromTemplate. Electron's built-in roles supply the
 * behaviour, our labels replace the English defaults.
 */

export type MenuActions = {
  /** Loads a path of the web app (e.g. "/record") in the main window. */
  openPath: (path: string) => void;
  openDataFolder: () => void;
  showAbout: () => void;
};

export function buildMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  isDevelopment: boolean;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { actions } = options;
  const isMac = options.platform === "darwin";

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { label: `Informazioni su ${options.appName}`, click: () => actions.showAbout() },
      { type: "separator" },
      { role: "services", label: "Servizi" },
      { type: "separator" },
      { role: "hide", label: `Nascondi ${options.appName}` },
      { role: "hideOthers", label: "Nascondi altre" },
      { role: "unhide", label: "Mostra tutte" },
      { type: "separator" },
      { role: "quit", label: `Esci da ${options.appName}` },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: "File",
    submenu: [
      { label: "Nuova registrazione", accelerator: "CmdOrCtrl+N", click: () => actions.openPath("/record") },
      { label: "Le mie trascrizioni", accelerator: "CmdOrCtrl+T", click: () => actions.openPath("/recordings") },
      { type: "separator" },
      { label: "Apri cartella dei dati", click: () => actions.openDataFolder() },
      { type: "separator" },
      // On macOS quitting lives in the app menu; "Chiudi finestra" is the File-menu habit there.
      isMac ? { role: "close", label: "Chiudi finestra" } : { role: "quit", label: "Esci", accelerator: "Ctrl+Q" },
    ],
  };

  const editMenu: MenuItemConstructorOptions = {
    label: "Modifica",
    submenu: [
      { role: "undo", label: "Annulla" },
      { role: "redo", label: "Ripeti" },
      { type: "separator" },
      { role: "cut", label: "Taglia" },
      { role: "copy", label: "Copia" },
      { role: "paste", label: "Incolla" },
      { role: "delete", label: "Elimina" },
      { type: "separator" },
      { role: "selectAll", label: "Seleziona tutto" },
    ],
  };

  const viewItems: MenuItemConstructorOptions[] = [
    { role: "reload", label: "Ricarica" },
    { type: "separator" },
    { role: "resetZoom", label: "Dimensioni reali" },
    { role: "zoomIn", label: "Ingrandisci" },
    { role: "zoomOut", label: "Riduci" },
    { type: "separator" },
    { role: "togglefullscreen", label: "Schermo intero" },
  ];
  if (options.isDevelopment) {
    viewItems.push({ type: "separator" }, { role: "toggleDevTools", label: "Strumenti per sviluppatori" });
  }
  const viewMenu: MenuItemConstructorOptions = { label: "Visualizza", submenu: viewItems };

  const windowMenu: MenuItemConstructorOptions = {
    label: "Finestra",
    submenu: isMac
      ? [
          { role: "minimize", label: "Riduci a icona" },
          { role: "zoom", label: "Ridimensiona" },
          { type: "separator" },
          { role: "front", label: "Porta tutto in primo piano" },
        ]
      : [
          { role: "minimize", label: "Riduci a icona" },
          { role: "close", label: "Chiudi" },
        ],
  };

  const helpItems: MenuItemConstructorOptions[] = [
    { label: "Supporto", click: () => actions.openPath("/support") },
    { label: "Privacy", click: () => actions.openPath("/privacy-policy") },
    { label: "Termini di servizio", click: () => actions.openPath("/terms-of-service") },
  ];
  if (!isMac) helpItems.push({ type: "separator" }, { label: `Informazioni su ${options.appName}`, click: () => actions.showAbout() });
  const helpMenu: MenuItemConstructorOptions = { label: "Aiuto", role: "help", submenu: helpItems };

  return [...(isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
