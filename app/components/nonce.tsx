import { createContext, useContext } from "react";

/** The request's CSP nonce, for React Router's inline scripts. Empty in the browser (browsers hide it anyway). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
