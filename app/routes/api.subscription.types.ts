import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { listActivePlans } from "~/services/subscriptions.server";

/** Public: the catalogue of active plans by sortOrder. */
export const loader = apiHandler(async () => json({ success: true, subscriptionTypes: await listActivePlans() }));

export const action = methodNotAllowed;
