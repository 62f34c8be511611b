import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as exportRoute from "~/routes/api.account.export";
import { seedAccountData } from "../support/account-data";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";

/** «Scarica i miei dati» (issue 32): the ZIP's content, only the owner's data, one at a time and 5 an hour. */

useTestDatabase();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = (token?: string) => exportRoute.loader({ request: apiRequest("/api/account/export", { token }), params: {}, context: {} } as never);

/** Python's zipfile over the file: every name, the CRC check, and the JSON entries parsed. */
function readZip(file: string): { names: string[]; bad: string | null; json: Record<string, unknown>; sizes: Record<string, number> } {
  const script = `import zipfile, json, sys
z = zipfile.ZipFile(sys.argv[1])
out = {"names": z.namelist(), "bad": z.testzip(), "json": {}, "sizes": {}}
for i in z.infolist():
    out["sizes"][i.filename] = i.file_size
    if i.filename.endswith(".json"): out["json"][i.filename] = json.loads(z.read(i.filename))
print(json.dumps(out))`;
  return JSON.parse(execFileSync("python3", ["-c", script, file]).toString()) as never;
}

describe("GET /api/account/export", () => {
  it("streams verbale-dati-AAAA-MM-GG.zip with the profile, plans, payments and every transcription, and nothing of anybody else", async () => {
    const other = await createTestUser({ plan: "FREE_BASIC", name: "Altra Persona" });
    await seedAccountData(other.id);
    const user = await createTestUser({ plan: "FREE_BASIC", name: "Maria Rossi" });
    const seeded = await seedAccountData(user.id);

    expect((await get()).status).toBe(401);
    const response = await get(user.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toContain(`verbale-dati-${today}.zip`);
    const file = path.join(dir, "a.zip");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));

    expect(execFileSync("unzip", ["-t", file]).toString()).toContain("No errors detected");
    const zip = readZip(file);
    expect(zip.bad).toBeNull();
    const folder = zip.names
      .find((n) => n.endsWith("/trascrizione.json") && n.includes(seeded.done.id.slice(0, 8)))!
      .replace("/trascrizione.json", "");
    expect(folder).toMatch(new RegExp(`^trascrizioni/\\d{4}-\\d\\d-\\d\\d-riunione-di-marzo-${seeded.done.id.slice(0, 8)}$`));
    expect(zip.names).toEqual(
      expect.arrayContaining(["LEGGIMI.txt", "profilo.json", "abbonamenti.json", "pagamenti.json", `${folder}/audio.webm`, `${folder}/verbale.docx`]),
    );
    expect(zip.names.filter((n) => n.endsWith("trascrizione.json"))).toHaveLength(3);
    expect(zip.sizes[`${folder}/audio.webm`]).toBe(seeded.audio.length);
    expect(zip.json["profilo.json"]).toMatchObject({ id: user.id, email: user.email, name: "Maria Rossi", role: "USER" });
    expect(zip.json["abbonamenti.json"]).toEqual([
      expect.objectContaining({ userId: user.id, plan: expect.objectContaining({ code: "FREE_BASIC" }) }),
    ]);
    expect(zip.json["pagamenti.json"]).toEqual([expect.objectContaining({ id: seeded.order.id, amount: 19.9 })]);
    expect(zip.json[`${folder}/trascrizione.json`]).toMatchObject({
      id: seeded.done.id,
      title: "Riunione di marzo",
      segments: [
        { start: 0, end: 5, speaker: "Relatore 1", text: "Buongiorno a tutti." },
        { start: 5, end: 12, speaker: "Relatore 2", text: "Approviamo il bilancio." },
      ],
      analysis: { summary: "Si approva il bilancio.", decisions: [{ text: "Bilancio approvato", timestamp: "00:05" }] },
      edits: [{ field: "title", before: "Vecchio", after: "Riunione di marzo" }],
    });
    // Only the owner's: the other user's id, e-mail and name appear nowhere in the archive.
    const raw = fs.readFileSync(file).toString("latin1");
    for (const foreign of [other.id, other.email, "Altra Persona"]) expect(raw).not.toContain(foreign);
  });

  it("one export at a time per user, and at most 5 an hour (429 with retryAfter)", async () => {
    const user = await createTestUser();
    const running = await get(user.token);
    expect(running.status).toBe(200);
    const second = await get(user.token);
    expect(second.status).toBe(429);
    const busy = await second.json();
    expect(busy).toMatchObject({ success: false, message: "Un'esportazione dei tuoi dati è già in corso. Attendi che finisca." });
    expect(busy.retryAfter).toBeGreaterThan(0);
    // Another user is not held up by this one.
    const someoneElse = await createTestUser();
    const theirs = await get(someoneElse.token);
    expect(theirs.status).toBe(200);
    await theirs.body?.cancel();

    await running.arrayBuffer();
    for (let i = 2; i <= 5; i += 1) {
      const answer = await get(user.token);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    const sixth = await get(user.token);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    const body = await sixth.json();
    expect(body.message).toMatch(/^Troppe richieste\. Riprova tra /);
    expect(body.retryAfter).toBeGreaterThan(3000);
  });
});
