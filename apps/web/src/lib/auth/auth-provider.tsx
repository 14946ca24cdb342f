// Sign-in with Hostfield's OpenID Connect provider (spec §4): start-up, popup and redirect sign-in,
// token renewal, sign-out, and the profile. oidc-client-ts is loaded after the first paint.
import {
  NAVBAR,
  POST_LOGIN_REDIRECT_DELAY_MS,
  TOKEN_REFRESH_MS,
} from "@hostfield/domain/reference";
import Button from "@mui/material/Button";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type SnackbarKey, useSnackbar } from "notistack";
import type { User, UserManager } from "oidc-client-ts";
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { ApiError, setAccessTokenGetter, setUnauthorizedHandler } from "../api";
import { HOME_PATH } from "../paths";
import { stopPushOnThisDevice } from "../service-worker";
import { AuthContext, type TAuthActionOptions, type TAuthContextValue } from "./auth-context";
import { isPopupBlocked, isSessionGone, type TAuthError, toAuthError } from "./auth-errors";
import { pathnameOf, type TAuthNavigator, windowNavigator } from "./auth-navigator";
import { authReducer, INITIAL_AUTH_STATE } from "./auth-state";
import type { TOidcClientConfig } from "./client-config";
import { myProfileQueryOptions } from "./my-profile";
import {
  AUTH_PATHS,
  authorizeParams,
  connectToProvider,
  hasAuthParams,
  hasUsableAccessToken,
  isAuthPath,
  isAuthWindowPath,
  readReturnTo,
  type TSignInState,
  takeEarlyConnection,
  takeEarlyUser,
  toSignedInUser,
  withoutAuthParams,
} from "./oidc";
import { clearSessionHint, hasSessionHint, setSessionHint } from "./session-hint";

export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable right now";
export const SESSION_EXPIRED = "Your session has ended. Log in again to continue.";
export const PROFILE_UNAVAILABLE = "We could not load your profile.";
export const HOME_AFTER_LOGIN_PATH = HOME_PATH;

const UNAVAILABLE_ERROR: TAuthError = {
  code: "unavailable",
  message: SIGN_IN_UNAVAILABLE,
  verifyEmail: false,
};

/** Spec §8 'Look for an email': a warning that stays, top right, until dismissed. */
const VERIFY_EMAIL_TOAST = {
  variant: "warning",
  persist: true,
  anchorOrigin: { vertical: "top", horizontal: "right" },
  // Below the top bar, not over its Log in button (someone who reads it may try again at once).
  style: { marginTop: NAVBAR.height },
} as const;

/** Where to land after a redirect sign-in without a return path: never back on a callback page. */
function pathAfterCallback(address: string): string {
  const clean = withoutAuthParams(address);
  return isAuthPath(pathnameOf(clean)) ? "/" : clean;
}

/**
 * Spec §4 "otherwise a silent session check runs": a stored, still-good token is the answer;
 * otherwise the refresh token or the hidden frame asks the provider. 'login_required' and its
 * kin just mean nobody is signed in (spec §8).
 */
async function checkSession(manager: UserManager): Promise<User | null> {
  const stored = await manager.getUser();
  if (hasUsableAccessToken(stored)) return stored;
  if (!stored && !hasSessionHint()) return null;
  try {
    return await manager.signinSilent();
  } catch (error) {
    if (!isSessionGone(error)) throw error;
    await manager.removeUser();
    return null;
  }
}

export function AuthProvider({
  children,
  navigator = windowNavigator,
}: {
  children: ReactNode;
  navigator?: TAuthNavigator;
}) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  // Signed in from the first render when the page load found the session stored (connectEarly).
  const [earlyUser] = useState(takeEarlyUser);
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE, (initial) =>
    earlyUser
      ? authReducer(initial, { type: "INITIALISED", signedIn: toSignedInUser(earlyUser) })
      : initial,
  );
  const [manager, setManager] = useState<UserManager | null>(null);

  const managerRef = useRef<UserManager | null>(null);
  const configRef = useRef<TOidcClientConfig | null>(null);
  const userRef = useRef<User | null>(earlyUser);
  const connecting = useRef<Promise<UserManager | null> | null>(null);
  const renewing = useRef<Promise<User | null> | null>(null);
  const started = useRef(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const navigatorRef = useRef(navigator);
  useEffect(() => {
    navigatorRef.current = navigator;
  }, [navigator]);

  const adoptUser = useCallback((user: User | null) => {
    userRef.current = user;
    if (user) setSessionHint();
    else clearSessionHint();
  }, []);

  const report = useCallback(
    (error: TAuthError) => {
      if (error.code === "cancelled") return; // the user closed the popup on purpose
      if (error.verifyEmail) {
        enqueueSnackbar(error.message, {
          ...VERIFY_EMAIL_TOAST,
          preventDuplicate: true,
          action: (key: SnackbarKey) => (
            <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
              Dismiss
            </Button>
          ),
        });
        return;
      }
      enqueueSnackbar(error.message, { variant: "error", preventDuplicate: true });
    },
    [enqueueSnackbar, closeSnackbar],
  );

  /** Loads the client configuration and the library once; a failure can be retried later. */
  const connect = useCallback((): Promise<UserManager | null> => {
    if (managerRef.current) return Promise.resolve(managerRef.current);
    connecting.current ??= (async () => {
      try {
        const { config, manager: created } = await (takeEarlyConnection() ?? connectToProvider());
        configRef.current = config;
        managerRef.current = created;
        setManager(created);
        return created;
      } catch {
        enqueueSnackbar(SIGN_IN_UNAVAILABLE, { variant: "error", preventDuplicate: true });
        return null;
      } finally {
        connecting.current = null;
      }
    })();
    return connecting.current;
  }, [enqueueSnackbar]);

  const signOutLocally = useCallback(async () => {
    adoptUser(null);
    dispatch({ type: "LOGOUT" });
    // Nothing fetched for this user may outlive the session.
    queryClient.clear();
    try {
      await managerRef.current?.removeUser();
    } catch {
      // Storage can refuse (private mode); the session is gone from memory either way.
    }
  }, [adoptUser, queryClient]);

  const signIn = useCallback(
    async ({ returnTo, signup }: TAuthActionOptions & { signup: boolean }) => {
      const current = managerRef.current ?? (await connect());
      const config = configRef.current;
      if (!current || !config) {
        dispatch({ type: "ERROR", error: UNAVAILABLE_ERROR });
        return;
      }
      const address = navigatorRef.current.current();
      const startedOn = pathnameOf(address);
      const request = {
        prompt: "select_account",
        extraQueryParams: authorizeParams(config, { signup }),
        state: { returnTo: returnTo ?? address } satisfies TSignInState,
      };
      dispatch({ type: "LOGIN_POPUP_STARTED" });
      let user: User;
      try {
        user = await current.signinPopup({ ...request, popupAbortOnClose: true });
      } catch (error) {
        if (!isPopupBlocked(error)) {
          const authError = toAuthError(error, "login");
          dispatch({ type: "ERROR", error: authError });
          report(authError);
          return;
        }
        // Spec §8: the popup could not open; the same request goes through this window instead.
        try {
          await current.signinRedirect(request);
        } catch (redirectError) {
          const authError = toAuthError(redirectError, "login");
          dispatch({ type: "ERROR", error: authError });
          report(authError);
        }
        return;
      }
      adoptUser(user);
      dispatch({ type: "LOGIN_POPUP_COMPLETE", signedIn: toSignedInUser(user) });
      if (startedOn !== "/") return;
      // Spec §4: about 500 ms after the popup closes, if still on / with a token, go to /home.
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        const here = pathnameOf(navigatorRef.current.current());
        if (here === "/" && userRef.current?.access_token) {
          navigatorRef.current.navigate(HOME_AFTER_LOGIN_PATH);
        }
      }, POST_LOGIN_REDIRECT_DELAY_MS);
      timers.current.add(timer);
    },
    [connect, adoptUser, report],
  );

  const login = useCallback(
    (options?: TAuthActionOptions) => signIn({ ...options, signup: false }),
    [signIn],
  );
  const signup = useCallback(
    (options?: TAuthActionOptions) => signIn({ ...options, signup: true }),
    [signIn],
  );

  /** The API refused the session: forget it here and offer to log in again. */
  const endSession = useCallback(() => {
    if (!userRef.current) return;
    void signOutLocally();
    enqueueSnackbar(SESSION_EXPIRED, {
      variant: "warning",
      preventDuplicate: true,
      action: (key: SnackbarKey) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            void login({ returnTo: navigatorRef.current.current() });
          }}
        >
          Log in
        </Button>
      ),
    });
  }, [signOutLocally, enqueueSnackbar, closeSnackbar, login]);

  /** One silent renewal at a time, shared by every caller that needs a fresh token. */
  const renew = useCallback((): Promise<User | null> => {
    if (!userRef.current) return Promise.resolve(null);
    renewing.current ??= (async () => {
      try {
        // A session found stored at the page load is signed in before the client is built.
        const current = managerRef.current ?? (await connect());
        if (!current) return null;
        const user = await current.signinSilent();
        adoptUser(user);
        dispatch({ type: "USER_UPDATED", signedIn: user ? toSignedInUser(user) : null });
        return user;
      } catch (error) {
        if (isSessionGone(error)) endSession();
        else dispatch({ type: "ERROR", error: toAuthError(error, "token") });
        return null;
      } finally {
        renewing.current = null;
      }
    })();
    return renewing.current;
  }, [connect, adoptUser, endSession]);

  const getAccessToken = useCallback(async (): Promise<string | null> => {
    const user = userRef.current;
    if (!user) return null;
    if (hasUsableAccessToken(user)) return user.access_token;
    return (await renew())?.access_token ?? null;
  }, [renew]);

  const logout = useCallback(async () => {
    const hadSession = userRef.current !== null;
    // A session found stored at the page load is signed in before the client is built.
    const current = managerRef.current ?? (hadSession ? await connect() : null);
    userRef.current = null;
    dispatch({ type: "LOGOUT" });
    queryClient.clear();
    // This device stops receiving the member's pushes (the next person here is someone else).
    if (hadSession) await stopPushOnThisDevice();
    if (current && hadSession) {
      try {
        // Spec §2: 'Sign out' ends the provider's session too and returns to the site origin.
        // The session hint stays until the provider answers: someone who chooses "Stay signed
        // in" there comes back to a session the start-up check picks up again; someone who
        // signed out comes back to one that check finds gone (and the hint goes with it).
        await current.signoutRedirect({ post_logout_redirect_uri: `${window.location.origin}/` });
        return;
      } catch {
        // The provider is unreachable: at least forget the session here.
      }
    }
    await signOutLocally();
    navigatorRef.current.navigate("/", { replace: true });
  }, [connect, queryClient, signOutLocally]);

  // Start-up (spec §4), once: a redirect callback, or a silent session check.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const address = navigatorRef.current.current();
    const pathname = pathnameOf(address);
    // The popup and the renew frame run their own callback page (features/auth).
    if (isAuthWindowPath(pathname)) return;
    const isCallback = hasAuthParams(new URL(address, window.location.origin).search);
    const leaveCallback = isCallback || pathname === AUTH_PATHS.redirect;
    void (async () => {
      const current = await connect();
      if (!current) {
        dispatch({ type: "ERROR", error: UNAVAILABLE_ERROR });
        // Sign-in cannot be set up (connect said so): the code and state are of no use now, and
        // must not stay in the address.
        if (leaveCallback) {
          navigatorRef.current.navigate(pathAfterCallback(address), { replace: true });
        }
        return;
      }
      try {
        let user: User | null;
        let returnTo: string | null = null;
        if (isCallback) {
          user = await current.signinRedirectCallback(
            new URL(address, window.location.origin).href,
          );
          returnTo = readReturnTo(user.state);
        } else {
          user = await checkSession(current);
        }
        adoptUser(user);
        // The answer reaches everything that reads the session (every listing card's save and
        // reaction buttons): as a transition, that render yields to the browser as it goes
        // instead of holding the main thread in one long task just after the page is up.
        startTransition(() =>
          dispatch({ type: "INITIALISED", signedIn: user ? toSignedInUser(user) : null }),
        );
        if (leaveCallback) {
          navigatorRef.current.navigate(returnTo ?? pathAfterCallback(address), { replace: true });
        }
      } catch (error) {
        const authError = toAuthError(error, "login");
        dispatch({ type: "ERROR", error: authError });
        // A failed background check is not news; a failed sign-in the user started is.
        if (isCallback) report(authError);
        if (leaveCallback)
          navigatorRef.current.navigate(pathAfterCallback(address), { replace: true });
      }
    })();
  }, [connect, adoptUser, report]);

  // The library's own renewals (automaticSilentRenew) keep the user current.
  useEffect(() => {
    if (!manager) return;
    const onLoaded = (user: User) => {
      adoptUser(user);
      dispatch({ type: "USER_UPDATED", signedIn: toSignedInUser(user) });
    };
    const onRenewError = (error: Error) => {
      if (isSessionGone(error)) endSession();
      else dispatch({ type: "ERROR", error: toAuthError(error, "token") });
    };
    manager.events.addUserLoaded(onLoaded);
    manager.events.addSilentRenewError(onRenewError);
    manager.startSilentRenew();
    return () => {
      manager.events.removeUserLoaded(onLoaded);
      manager.events.removeSilentRenewError(onRenewError);
      manager.stopSilentRenew();
    };
  }, [manager, adoptUser, endSession]);

  // Spec §4: while signed in and the tab has focus, refresh the token every 30 minutes.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    const interval = setInterval(() => {
      if (document.hasFocus()) void renew();
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(interval);
  }, [state.isAuthenticated, renew]);

  // Every API call carries the token; a refused one is renewed once (api.ts).
  useEffect(() => {
    setAccessTokenGetter(getAccessToken);
    setUnauthorizedHandler({
      renew: async () => (await renew()) !== null,
      expired: endSession,
    });
    return () => {
      setAccessTokenGetter(null);
      setUnauthorizedHandler(null);
    };
  }, [getAccessToken, renew, endSession]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const profileQuery = useQuery(myProfileQueryOptions(state.isAuthenticated && !state.isLoading));
  const profile = state.isAuthenticated ? (profileQuery.data ?? null) : null;
  const profileError = state.isAuthenticated && !profile ? profileQuery.error : null;
  const { refetch: refetchProfile } = profileQuery;
  const reloadProfile = useCallback(() => void refetchProfile(), [refetchProfile]);

  useEffect(() => {
    // A refused token is handled above (session expired); anything else is worth a word.
    if (!profileError || (profileError instanceof ApiError && profileError.status === 401)) return;
    enqueueSnackbar(PROFILE_UNAVAILABLE, {
      variant: "error",
      preventDuplicate: true,
      action: (key: SnackbarKey) => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            closeSnackbar(key);
            reloadProfile();
          }}
        >
          Retry
        </Button>
      ),
    });
  }, [profileError, enqueueSnackbar, closeSnackbar, reloadProfile]);

  const value = useMemo<TAuthContextValue>(
    () => ({
      isLoading: state.isLoading,
      isAuthenticated: state.isAuthenticated,
      user: state.user,
      profile,
      profileError,
      reloadProfile,
      isAdmin: state.isAuthenticated && (state.hasAdminRole || profile?.isAdmin === true),
      error: state.error,
      login,
      signup,
      logout,
      signOutLocally,
      getAccessToken,
    }),
    [
      state,
      profile,
      profileError,
      reloadProfile,
      login,
      signup,
      logout,
      signOutLocally,
      getAccessToken,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
