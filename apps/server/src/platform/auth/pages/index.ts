// Server-rendered sign-in pages: pure functions from page data to a complete HTML document.
export { escapeHtml, type HtmlValue, html, raw, SafeHtml, safeUrl } from "./escape";
export { renderPage, type TPageOptions } from "./layout";
export {
  pageLeft,
  renderLoggedOut,
  renderLogoutConfirm,
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
  type TLoggedOutPage,
  type TLogoutConfirmPage,
} from "./logout";
export {
  renderError,
  renderLinkInvalid,
  type TErrorPage,
  type TLinkInvalidPage,
} from "./messages";
export {
  renderForgotPassword,
  renderResetDone,
  renderResetPassword,
  type TForgotPasswordPage,
  type TResetDonePage,
  type TResetPasswordPage,
} from "./password-reset";
export { renderSelectAccount, type TSelectAccountPage } from "./select-account";
export { renderSignIn, type TSignInPage } from "./sign-in";
export { renderSignUp, type TSignUpField, type TSignUpPage } from "./sign-up";
export {
  renderUnsubscribeConfirm,
  renderUnsubscribed,
  type TUnsubscribePage,
} from "./unsubscribe";
export {
  renderEmailVerified,
  renderVerifyEmailSent,
  type TEmailVerifiedPage,
  type TVerifyEmailSentPage,
} from "./verify-email";
