import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce (server/security-headers.ts) for the scripts Remix renders inline.
 * Provided by entry.server.tsx; in the browser it is "" (React does not need it after hydration).
 */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
