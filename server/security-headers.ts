import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers on every response, pages, /api and static files alike (decision 016).
 * - Content-Security-Policy with a fresh nonce per request for the inline scripts Remix renders
 *   (entry.server.tsx, root.tsx); no 'unsafe-inline' or 'unsafe-eval' for scripts. Styles allow
 *   inline attributes (React `style` props), which cannot run code.
 * - frame-ancestors 'none' and X-Frame-Options DENY: no page can be framed (clickjacking).
 * - X-Content-Type-Options nosniff, Referrer-Policy same-origin (not no-referrer: the browser
 *   would then send `Origin: null` on our own form posts, which the origin check refuses).
 * - Strict-Transport-Security and upgrade-insecure-requests only when APP_URL is https: on
 *   http (local, desktop, tests) they would break the app.
 * In development (Vite's dev server, with its inline HMR client) the policy is Report-Only.
 */
export function securityHeaders(options: { appUrl: string; googleAuthUrl: string; dev?: boolean }): RequestHandler[] {
  const https = new URL(options.appUrl).protocol === "https:";
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: options.dev ?? false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": options.dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        // The Google sign-in form (GET /api/auth/google without JavaScript) redirects there.
        "form-action": ["'self'", new URL(options.googleAuthUrl).origin],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });
  return [nonce, headers];
}
