/**
 * Where to send the user after signing in (redirectTo) or after an admin action (returnTo): only
 * a path of this site. The value is parsed the way a browser resolves a Location header (the
 * WHATWG URL parser drops tabs and newlines, reads "\" as "/", and "//host" as another host), so
 * "/\tevil.example", "/\\evil.example" or " //evil.example" cannot leave the site; a path that
 * decodes to "//" (%2F%2F) is refused too, for servers and proxies that decode before routing.
 * Anything else becomes `fallback`. The result never holds CR or LF.
 */
const BASE = "http://verbale.invalid";

export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // Browsers strip leading/trailing C0 controls and spaces and every tab/newline before resolving.
  const cleaned = value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!cleaned.startsWith("/") && !cleaned.startsWith("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || decoded.startsWith("/\\") || /[\u0000-\u001f]/.test(decoded)) return fallback;
  return url.pathname + url.search + url.hash;
}
