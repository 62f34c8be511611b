import type { TestUser } from "../db";

/** One route and method of the /api contract, as tests/support/api-contract.ts calls it. */

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export type Access = "public" | "user" | "verified";
export type Case = {
  file: string;
  method: Method;
  path: (id: string) => string;
  /** The id this route's path carries, from the fixtures (another user's, missing, malformed ids replace it). */
  id?: () => string;
  access: Access;
  body?: () => unknown;
  /** A JSON body endpoint: bad input is tried on it. Only bodies that must be refused. */
  invalid?: unknown[];
  ok: { status: number; fields?: string[]; contentType?: RegExp; user?: () => TestUser };
};

/** Bodies whose every field has the wrong JSON type (number, object, array): each must be refused. */
export function wrongTypes(fields: string[]): Record<string, unknown>[] {
  return [
    Object.fromEntries(fields.map((k) => [k, 5])),
    Object.fromEntries(fields.map((k) => [k, { a: 1 }])),
    Object.fromEntries(fields.map((k) => [k, [k]])),
  ];
}
