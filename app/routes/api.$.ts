import { json } from "~/services/api.server";
import { HTTP_ERRORS } from "~/lib/messages";

/** Unknown /api paths answer the catalogue's 404 in JSON, never the HTML page. */
const notFound = () => json({ success: false, message: HTTP_ERRORS[404] }, 404);
export const loader = notFound;
export const action = notFound;
