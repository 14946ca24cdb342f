// The sign-in machinery of spec §4 behind AuthProvider (auth-provider.tsx): start-up session
// check, popup and redirect sign-in, token renewal, sign-out, and the profile, with oidc-client-ts.
// It loads in a browser that may hold a session, on a sign-in coming back, or when a visitor logs
// in or signs up, and from then on supplies the provider's value (onValue). A provider or API that
// cannot answer for a while never signs anyone out (token-renewal.ts).
import { POST_LOGIN_REDIRECT_DELAY_MS, TOKEN_REFRESH_MS } from "@hostfield/domain/reference";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { User, UserManager } from "oidc-client-ts";
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import {
  ApiError,
  serverUnavailableError,
  setAccessTokenGetter,
  setUnauthorizedHandler,
} from "../api";
import { useConnection } from "../connection/connection-context";
import { stopPushOnThisDevice } from "../service-worker";
import type { TAuthActionOptions, TAuthContextValue } from "./auth-context";
import { isPopupBlocked, isSessionGone, signInUnreachable, toAuthError } from "./auth-errors";
import { pathnameOf, type TAuthNavigator } from "./auth-navigator";
import { UNAVAILABLE_ERROR, useAuthNotices } from "./auth-notices";
import {
  AUTH_PATHS,
  HOME_AFTER_LOGIN_PATH,
  hasAuthParams,
  isAuthPath,
  isAuthWindowPath,
} from "./auth-paths";
import { authReducer, INITIAL_AUTH_STATE } from "./auth-state";
import type { TOidcClientConfig } from "./client-config";
import { myProfileQueryOptions } from "./my-profile";
import {
  authorizeParams,
  connectToProvider,
  hasUsableAccessToken,
  readReturnTo,
  type TSignInState,
  takeEarlyConnection,
  takeEarlyUser,
  toSignedInUser,
  withoutAuthParams,
} from "./oidc";
import { checkSession } from "./session-check";
import { clearSessionHint, mayHoldSession, setSessionHint } from "./session-hint";
import type { TRenewOutcome } from "./token-renewal";
import { useTokenRenewal } from "./use-token-renewal";

/** Where to land after a redirect sign-in without a return path: never back on a callback page. */
function pathAfterCallback(address: string): string {
  const clean = withoutAuthParams(address);
  return isAuthPath(pathnameOf(clean)) ? "/" : clean;
}

/** What a renewal without a session comes to: nothing to renew, nothing to retry. */
const NO_SESSION: TRenewOutcome = { kind: "refused", error: null };

/** A Log in or Sign up a visitor asked for before the machinery was loaded. */
export type TSignInRequest = TAuthActionOptions & { signup: boolean };

export function AuthEngine({
  navigator,
  config,
  request,
  onValue,
}: {
  navigator: TAuthNavigator;
  /** The provider's configuration, when the visitor's page fetched it already. */
  config: TOidcClientConfig | null;
  /** What brought the machinery in, when a visitor asked to sign in: done at start-up. */
  request: TSignInRequest | null;
  onValue: (value: TAuthContextValue) => void;
}) {
  const notices = useAuthNotices();
  const queryClient = useQueryClient();
  const connection = useConnection();
  // Signed in from the first render when the page load found the session stored (connectEarly).
  const [earlyUser] = useState(takeEarlyUser);
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE, (initial) =>
    earlyUser
      ? authReducer(initial, { type: "INITIALISED", signedIn: toSignedInUser(earlyUser) })
      : initial,
  );
  const [manager, setManager] = useState<UserManager | null>(null);

  const managerRef = useRef<UserManager | null>(null);
  const configRef = useRef<TOidcClientConfig | null>(config);
  const requestRef = useRef(request);
  const userRef = useRef<User | null>(earlyUser);
  const connecting = useRef<Promise<UserManager | null> | null>(null);
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

  const report = notices.failure;

  /** Loads the client configuration and the library once; a failure can be retried later. */
  const connect = useCallback((): Promise<UserManager | null> => {
    if (managerRef.current) return Promise.resolve(managerRef.current);
    connecting.current ??= (async () => {
      try {
        const { config, manager: created } = await (takeEarlyConnection() ??
          connectToProvider(configRef.current ?? undefined));
        configRef.current = config;
        managerRef.current = created;
        setManager(created);
        return created;
      } catch {
        notices.signInUnavailable();
        return null;
      } finally {
        connecting.current = null;
      }
    })();
    return connecting.current;
  }, [notices]);

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
        // Spec §8: the popup could not open. Said so (the state keeps §8's error), and the same
        // request offered through this window; nothing leaves the page unasked.
        const blocked = toAuthError(error, "login");
        dispatch({ type: "ERROR", error: blocked });
        notices.popupBlocked(() => {
          current.signinRedirect(request).catch((redirectError: unknown) => {
            const authError = toAuthError(redirectError, "login");
            dispatch({ type: "ERROR", error: authError });
            report(authError);
          });
        });
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
    [connect, adoptUser, report, notices],
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
    notices.sessionExpired(() => void login({ returnTo: navigatorRef.current.current() }));
  }, [signOutLocally, notices, login]);

  const renewal = useTokenRenewal({
    signinSilent: async () => {
      // A session found stored at the page load is signed in before the client is built.
      const current = managerRef.current ?? (await connect());
      if (!current) throw signInUnreachable();
      return current.signinSilent();
    },
    onRenewed: (user) => {
      adoptUser(user);
      dispatch({ type: "USER_UPDATED", signedIn: user ? toSignedInUser(user) : null });
    },
    onRefused: (error) => {
      if (isSessionGone(error)) endSession();
      else dispatch({ type: "ERROR", error: toAuthError(error, "token") });
    },
    onWaitingChange: (waiting) => {
      if (waiting) connection?.unavailable("auth");
      else connection?.answered("auth");
    },
  });

  // Signed out (here, by the hub, or at the provider): no renewal waits to be tried again.
  useEffect(() => {
    if (!state.isAuthenticated) renewal.stop();
  }, [state.isAuthenticated, renewal]);

  /** One silent renewal at a time, shared by every caller that needs a fresh token. */
  const renew = useCallback(
    (): Promise<TRenewOutcome> => (userRef.current ? renewal.renew() : Promise.resolve(NO_SESSION)),
    [renewal],
  );

  const getAccessToken = useCallback(async (): Promise<string | null> => {
    const user = userRef.current;
    if (!user) return null;
    const held = user.access_token;
    if (hasUsableAccessToken(user)) return held;
    const outcome = await renew();
    if (outcome.kind === "renewed") return outcome.user?.access_token ?? null;
    // The provider cannot answer now: the API says whether it still takes the token we have.
    return outcome.kind === "unavailable" ? held : null;
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

  // Start-up (spec §4), once: a redirect callback, a silent session check, or the sign-in a
  // visitor asked for.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const address = navigatorRef.current.current();
    const pathname = pathnameOf(address);
    // The popup and the renew frame run their own callback page (features/auth).
    if (isAuthWindowPath(pathname)) return;
    const isCallback = hasAuthParams(new URL(address, window.location.origin).search);
    const leaveCallback = isCallback || pathname === AUTH_PATHS.redirect;
    // A visitor who asked to sign in (nobody signed in here lately): signed out, and on to the
    // sign-in they asked for.
    const asked = requestRef.current;
    if (asked && !leaveCallback && !mayHoldSession()) {
      dispatch({ type: "INITIALISED", signedIn: null });
      void signIn(asked);
      return;
    }
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
          user = await checkSession(current, renewal.failed);
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
  }, [connect, renewal, adoptUser, report, signIn]);

  // The library's own renewals (automaticSilentRenew) keep the user current.
  useEffect(() => {
    if (!manager) return;
    const onLoaded = (user: User) => {
      adoptUser(user);
      dispatch({ type: "USER_UPDATED", signedIn: toSignedInUser(user) });
    };
    const onRenewError = (error: Error) => renewal.failed(error);
    manager.events.addUserLoaded(onLoaded);
    manager.events.addSilentRenewError(onRenewError);
    manager.startSilentRenew();
    return () => {
      manager.events.removeUserLoaded(onLoaded);
      manager.events.removeSilentRenewError(onRenewError);
      manager.stopSilentRenew();
    };
  }, [manager, renewal, adoptUser]);

  // Spec §4: while signed in and the tab has focus, refresh the token every 30 minutes.
  useEffect(() => {
    if (!state.isAuthenticated) return;
    const interval = setInterval(() => {
      if (document.hasFocus()) void renew();
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(interval);
  }, [state.isAuthenticated, renew]);

  // Every API call carries the token; a refused one is renewed once (api.ts). A provider that
  // cannot answer now fails the call as the server being unavailable, not the session as over.
  useEffect(() => {
    setAccessTokenGetter(getAccessToken);
    setUnauthorizedHandler({
      renew: async () => {
        const outcome = await renew();
        if (outcome.kind === "unavailable") throw serverUnavailableError();
        return outcome.kind === "renewed" && outcome.user !== null;
      },
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
    notices.profileUnavailable(reloadProfile);
  }, [profileError, notices, reloadProfile]);

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

  // Before the browser paints, so that nothing shows the visitor's value once this one exists.
  useLayoutEffect(() => onValue(value), [value, onValue]);
  return null;
}
