import { wrongTypes, type Case } from "./case";
import { f } from "./fixtures";

/** Plans, limits, the user's subscriptions and orders. */
export function subscriptionCases(): Case[] {
  return [
    {
      file: "api.subscription.types",
      method: "GET",
      path: () => "/api/subscription/types",
      access: "public",
      ok: { status: 200, fields: ["success", "subscriptionTypes"] },
    },
    {
      file: "api.subscription.limits",
      method: "GET",
      path: () => "/api/subscription/limits",
      access: "user",
      ok: { status: 200, fields: ["success", "requiresSubscription", "limits"] },
    },
    {
      file: "api.subscription.current",
      method: "GET",
      path: () => "/api/subscription/current",
      access: "user",
      ok: { status: 200, fields: ["success", "subscriptions"] },
    },
    {
      file: "api.orders",
      method: "GET",
      path: () => "/api/orders?page=1&limit=10&sortBy=createdAt&sortOrder=desc",
      access: "user",
      ok: { status: 200, fields: ["success", "orders", "pagination", "stats"] },
    },
    {
      file: "api.subscription.$id.cancel",
      method: "POST",
      path: (id) => `/api/subscription/${id}/cancel`,
      id: () => f.subscription,
      access: "user",
      body: () => ({ reason: "Prova del contratto" }),
      invalid: [{ reason: 5 }, { reason: { a: 1 } }, { reason: ["x"] }, { reason: "x".repeat(600) }],
      ok: { status: 200, fields: ["success", "message"] },
    },
    {
      file: "api.subscription.$id.reactivate",
      method: "POST",
      path: (id) => `/api/subscription/${id}/reactivate`,
      id: () => f.subscription,
      access: "user",
      ok: { status: 200, fields: ["success", "message"] },
    },
    {
      file: "api.subscription.assign",
      method: "POST",
      path: () => "/api/subscription/assign",
      access: "verified",
      body: () => ({ subscriptionTypeId: f.freePlan }),
      invalid: [{}, { subscriptionTypeId: "" }, { subscriptionTypeId: "non-un-uuid" }, ...wrongTypes(["subscriptionTypeId"])],
      ok: { status: 200, fields: ["success", "message", "subscription"] },
    },
  ];
}
