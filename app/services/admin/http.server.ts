import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, methodNotAllowed, readJsonBody } from "../api.server";
import { requireApiAdmin, type SessionUser } from "../session.server";

/**
 * Every /api/admin resource route is built here, so none can forget the role check: the admin is
 * resolved before the method is even looked at (anonymous 401, USER 403, always).
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type AdminContext = { request: Request; params: Record<string, string | undefined>; admin: SessionUser };
type Handler = (ctx: AdminContext) => Promise<Response>;

export function adminRoute(handlers: Partial<Record<Method, Handler>>) {
  const dispatch = apiHandler(async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const admin = await requireApiAdmin(request);
    const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
    const handler = handlers[method];
    if (!handler) return methodNotAllowed();
    return handler({ request, params, admin });
  });
  return { loader: (args: LoaderFunctionArgs) => dispatch(args), action: (args: ActionFunctionArgs) => dispatch(args) };
}

/** A JSON body of any shape: the services validate it with the shared zod schemas. */
export function readBody(request: Request): Promise<Record<string, unknown>> {
  return readJsonBody(request, z.record(z.unknown()));
}

export const searchParams = (request: Request) => new URL(request.url).searchParams;
