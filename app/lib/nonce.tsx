import { createContext, useContext } from 'react';

/** The per-request CSP nonce (server only; '' in the browser, where browsers hide nonce values anyway). */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
