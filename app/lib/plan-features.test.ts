import { describe, expect, it } from "vitest";
import { featuresBeyondLimits } from "./plan-features";

describe("featuresBeyondLimits", () => {
  it("drops the features that restate a limit the card already shows, keeps the rest in order", () => {
    expect(
      featuresBeyondLimits([
        "300 registrazioni al mese",
        "File fino a 500 MB",
        "50 GB di archivio",
        "Esportazione sottotitoli",
        "Assistenza dedicata",
      ]),
    ).toEqual(["Esportazione sottotitoli", "Assistenza dedicata"]);
    expect(featuresBeyondLimits(["Trascrizione e riassunto", "Documento Word"])).toEqual(["Trascrizione e riassunto", "Documento Word"]);
  });

  it("reads objects by name", () => {
    expect(featuresBeyondLimits([{ name: "Registrazioni fino a 2 ore" }, { name: "Supporto", value: "24/7" }])).toEqual([
      { name: "Supporto", value: "24/7" },
    ]);
  });
});
