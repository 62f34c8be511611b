import { beforeAll } from "vitest";
import { getDb } from "~/db/client.server";
import { roles, transcriptions } from "~/db/schema";
import { apiRequest, createTestUser, type TestUser } from "./db";

/** The admin API tests' common ground: a second admin, the role ids, a way to call a route. */

type RouteModule = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };

/** The body as text with its BOM kept (Response.text() silently drops it). */
export async function rawText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** Calls a resource route as Remix would: GET/HEAD go to the loader, everything else to the action. */
export async function callRoute(
  route: RouteModule,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  const request = apiRequest(path, { method, token: options.token, body: options.body });
  const args = { request, params: options.params ?? {}, context: {} } as never;
  return method === "GET" ? await route.loader(args) : await route.action(args);
}

export type AdminFixture = { admin: TestUser; userRoleId: number; adminRoleId: number };

/** A signed-in ADMIN besides the seeded one, and the ids of the two roles (after useTestDatabase). */
export function useAdmin(): AdminFixture {
  const fixture = {} as AdminFixture;
  beforeAll(async () => {
    fixture.admin = await createTestUser({ role: "ADMIN", name: "Admin Secondo" });
    const all = await getDb().select().from(roles);
    fixture.userRoleId = all.find((r) => r.name === "USER")!.id;
    fixture.adminRoleId = all.find((r) => r.name === "ADMIN")!.id;
  });
  return fixture;
}

export async function addTranscription(userId: string, values: Partial<typeof transcriptions.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(transcriptions)
    .values({
      userId,
      fileName: `audio/${crypto.randomUUID()}.webm`,
      originalName: "riunione.webm",
      fileSize: 3_000_000,
      usageMonth: "2025-01-01",
      usageMegabytes: 3,
      ...values,
    })
    .returning();
  return row;
}
