import type { MenuItemConstructorOptions } from "electron";
import { describe, expect, it, vi } from "vitest";
import { buildMenuTemplate } from "./menu";

const actions = () => ({ openPath: vi.fn(), openDataFolder: vi.fn(), showAbout: vi.fn() });
const labels = (items: MenuItemConstructorOptions[]) => items.map((item) => item.label);
const submenu = (item: MenuItemConstructorOptions) => item.submenu as MenuItemConstructorOptions[];
const find = (items: MenuItemConstructorOptions[], label: string) => {
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`voce mancante: ${label}`);
  return item;
};

describe("buildMenuTemplate", () => {
  it("has the Italian top-level menus on Windows and Linux", () => {
    for (const platform of ["win32", "linux"] as const) {
      const template = buildMenuTemplate({ platform, appName: "Verbale", isDevelopment: false, actions: actions() });
      expect(labels(template)).toEqual(["File", "Modifica", "Visualizza", "Finestra", "Aiuto"]);
    }
  });

  it("puts the app menu first on macOS", () => {
    const template = buildMenuTemplate({ platform: "darwin", appName: "Verbale", isDevelopment: false, actions: actions() });
    expect(labels(template)).toEqual(["Verbale", "File", "Modifica", "Visualizza", "Finestra", "Aiuto"]);
    expect(submenu(template[0]).some((item) => item.role === "quit" && item.label === "Esci da Verbale")).toBe(true);
    expect(submenu(find(template, "File")).some((item) => item.role === "quit")).toBe(false);
  });

  it("labels every item in Italian (no English role defaults left)", () => {
    // Every item, in order: an item left without our label would show Electron's English default
    // (a role's label is filled in later by Electron, so here it would be missing or differ).
    const shared = {
      Modifica: ["Annulla", "Ripeti", "Taglia", "Copia", "Incolla", "Elimina", "Seleziona tutto"],
      Visualizza: ["Ricarica", "Dimensioni reali", "Ingrandisci", "Riduci", "Schermo intero", "Strumenti per sviluppatori"],
    };
    const expected = {
      darwin: {
        Verbale: ["Informazioni su Verbale", "Servizi", "Nascondi Verbale", "Nascondi altre", "Mostra tutte", "Esci da Verbale"],
        File: ["Nuova registrazione", "Le mie trascrizioni", "Apri cartella dei dati", "Chiudi finestra"],
        ...shared,
        Finestra: ["Riduci a icona", "Ridimensiona", "Porta tutto in primo piano"],
        Aiuto: ["Supporto", "Privacy", "Termini di servizio"],
      },
      win32: {
        File: ["Nuova registrazione", "Le mie trascrizioni", "Apri cartella dei dati", "Esci"],
        ...shared,
        Finestra: ["Riduci a icona", "Chiudi"],
        Aiuto: ["Supporto", "Privacy", "Termini di servizio", "Informazioni su Verbale"],
      },
    };
    for (const platform of ["darwin", "win32"] as const) {
      const template = buildMenuTemplate({ platform, appName: "Verbale", isDevelopment: true, actions: actions() });
      const tree = Object.fromEntries(template.map((menu) => [menu.label, labels(submenu(menu).filter((item) => item.type !== "separator"))]));
      expect(tree, platform).toEqual(expected[platform]);
    }
  });

  it("opens the app's pages and the data folder from its items", () => {
    const a = actions();
    const template = buildMenuTemplate({ platform: "linux", appName: "Verbale", isDevelopment: false, actions: a });
    const click = (menu: string, label: string) => (find(submenu(find(template, menu)), label).click as () => void)();
    click("File", "Nuova registrazione");
    click("File", "Le mie trascrizioni");
    click("File", "Apri cartella dei dati");
    click("Aiuto", "Supporto");
    click("Aiuto", "Informazioni su Verbale");
    expect(a.openPath.mock.calls).toEqual([["/record"], ["/recordings"], ["/support"]]);
    expect(a.openDataFolder).toHaveBeenCalledTimes(1);
    expect(a.showAbout).toHaveBeenCalledTimes(1);
  });

  it("shows the developer tools only in development", () => {
    const hasDevTools = (isDevelopment: boolean) =>
      submenu(find(buildMenuTemplate({ platform: "linux", appName: "Verbale", isDevelopment, actions: actions() }), "Visualizza")).some(
        (item) => item.role === "toggleDevTools",
      );
    expect(hasDevTools(true)).toBe(true);
    expect(hasDevTools(false)).toBe(false);
  });
});
