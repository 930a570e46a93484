import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered (docs/decisions/064). The web server
 * makes one per request; entry.server.tsx provides it, and the root hands it to the inline scripts
 * Remix renders. In the browser it is empty: scripts added after hydration load from /build.
 */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
