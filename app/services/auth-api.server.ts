import type { ZodTypeAny, z } from "zod";
import { forbidden, json, readFormBody, readJsonBody } from "./api.server";
import type { AuthSuccess } from "./auth/common.server";
import { isCrossOriginWrite, sessionCookieHeader } from "./session.server";

/** Shared plumbing of the /api/auth/* resource routes. */

/** Writes from another origin are refused, cookie or not (login CSRF included). */
export function assertSameOriginApi(request: Request): void {
  if (isCrossOriginWrite(request)) throw forbidden();
}

/** JSON body or, for plain HTML forms, urlencoded/multipart fields, checked against schema. */
export async function readAuthBody<S extends ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await readFormBody(request);
    const body: Record<string, string> = {};
    for (const [k, v] of form.entries()) if (typeof v === "string") body[k] = v;
    return readJsonBody(new Request(request.url, { method: "POST", body: JSON.stringify(body) }), schema);
  }
  return readJsonBody(request, schema);
}

/** { success, token, user, message } plus the page session cookie, so a browser is signed in too. */
export function authSuccessResponse(result: AuthSuccess, status = 200, extraHeaders: [string, string][] = []): Response {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookieHeader(result.token, result.expiresAt));
  for (const [k, v] of extraHeaders) headers.append(k, v);
  return json(
    {
      success: true,
      token: result.token,
      user: result.user,
      message: result.message,
      ...(result.verificationSent !== undefined ? { verificationSent: result.verificationSent } : {}),
    },
    { status, headers },
  );
}
