// The pages of the sign-in hand-back: the redirect's callback, and the popup's and silent frame's.
export { AuthCallbackPage } from "./auth-callback-page";
export { AuthWindowPage } from "./auth-window-page";
