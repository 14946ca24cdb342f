export {
  AuthContext,
  areGuestActionsDisabled,
  isSignedInWithProfile,
  type TAuthActionOptions,
  type TAuthContextValue,
  type TAuthUser,
  type TUserProfile,
  useAuth,
} from "./auth-context";
export {
  AUTH_ERROR_MESSAGES,
  type TAuthError,
  type TAuthErrorCode,
  VERIFY_EMAIL_MARKER,
} from "./auth-errors";
export { routerNavigator, type TAuthNavigator, windowNavigator } from "./auth-navigator";
export { AUTH_PATHS } from "./auth-paths";
export {
  AuthProvider,
  HOME_AFTER_LOGIN_PATH,
  PROFILE_UNAVAILABLE,
  preloadSignIn,
  SESSION_EXPIRED,
  SIGN_IN_UNAVAILABLE,
} from "./auth-provider";
export { type TUserChanges, updateCachedProfile } from "./my-profile";
export { MY_PROFILE_PATH, MY_PROFILE_QUERY_KEY } from "./my-profile-keys";
export { useWhenAuthKnown } from "./when-auth-known";
