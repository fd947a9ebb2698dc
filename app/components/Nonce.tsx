import { createContext, useContext } from "react";

/**
 * The response's CSP nonce, handed from entry.server to the inline scripts that need it. In the
 * browser it is empty: browsers hide nonces from the DOM, and scripts added after load need none.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
