// Who is signed in, for the whole app (spec §4). Most visitors never sign in: for them this is all
// that loads, a signed-out value once the provider's configuration has answered (a provider that
// cannot be reached is said at once). The sign-in machinery (auth-engine.tsx, and oidc-client-ts
// with it) loads in a browser that may hold a session, on a sign-in coming back, or when the
// visitor logs in or signs up; from then on its value is the provider's.
import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { AuthContext, type TAuthActionOptions, type TAuthContextValue } from "./auth-context";
import type { TSignInRequest } from "./auth-engine";
import type { TAuthError } from "./auth-errors";
import { pathnameOf, type TAuthNavigator, windowNavigator } from "./auth-navigator";
import { UNAVAILABLE_ERROR, useAuthNotices } from "./auth-notices";
import { AUTH_PATHS, hasAuthParams, isAuthWindowPath } from "./auth-paths";
import { fetchClientConfig, type TOidcClientConfig } from "./client-config";
import { mayHoldSession } from "./session-hint";

export {
  POPUP_BLOCKED,
  PROFILE_UNAVAILABLE,
  SESSION_EXPIRED,
  SIGN_IN_UNAVAILABLE,
} from "./auth-notices";
export { HOME_AFTER_LOGIN_PATH } from "./auth-paths";

const loadEngine = () => import("./auth-engine");
const AuthEngine = lazy(async () => ({ default: (await loadEngine()).AuthEngine }));

/**
 * Loads the sign-in machinery and the library on the way to a Log in or Sign up click (a pointer
 * over the button, or focus on it), so the popup opens as soon after the click as it did when
 * every page carried them.
 */
export function preloadSignIn(): Promise<unknown> {
  return Promise.all([loadEngine(), import("oidc-client-ts")]).catch(() => undefined);
}

/** The machinery is needed from the start: a session may be held here, or a sign-in comes back. */
function neededAtStart(address: string): boolean {
  const url = new URL(address, window.location.origin);
  return mayHoldSession() || hasAuthParams(url.search) || url.pathname === AUTH_PATHS.redirect;
}

const nothing = () => undefined;

export function AuthProvider({
  children,
  navigator = windowNavigator,
}: {
  children: ReactNode;
  navigator?: TAuthNavigator;
}) {
  const notices = useAuthNotices();
  const [engineWanted, setEngineWanted] = useState(() => neededAtStart(navigator.current()));
  const [engineValue, setEngineValue] = useState<TAuthContextValue | null>(null);
  const [visitor, setVisitor] = useState<{ isLoading: boolean; error: TAuthError | null }>({
    isLoading: true,
    error: null,
  });
  const config = useRef<TOidcClientConfig | null>(null);
  const request = useRef<TSignInRequest | null>(null);
  const started = useRef(false);

  // A visitor's start-up: the configuration only, so that a provider that cannot be reached is
  // said now, as for everyone; once answered, the visitor is signed out and may log in.
  useEffect(() => {
    if (engineWanted || started.current) return;
    started.current = true;
    // The popup and the renew frame run their own callback page (features/auth).
    if (isAuthWindowPath(pathnameOf(navigator.current()))) return;
    void (async () => {
      try {
        config.current = await fetchClientConfig();
      } catch {
        notices.signInUnavailable();
        setVisitor({ isLoading: false, error: UNAVAILABLE_ERROR });
        return;
      }
      // As a transition: the answer reaches every listing card's buttons, and that render should
      // yield to the browser rather than hold the main thread just after the page is up.
      startTransition(() => setVisitor({ isLoading: false, error: null }));
    })();
  }, [engineWanted, notices, navigator]);

  const signInWith = useCallback(
    (signup: boolean) => (options?: TAuthActionOptions) => {
      request.current = { ...options, signup };
      setEngineWanted(true);
    },
    [],
  );

  const visitorValue = useMemo<TAuthContextValue>(
    () => ({
      isLoading: visitor.isLoading || engineWanted,
      isAuthenticated: false,
      user: null,
      profile: null,
      profileError: null,
      reloadProfile: nothing,
      isAdmin: false,
      error: visitor.error,
      login: signInWith(false),
      signup: signInWith(true),
      logout: nothing,
      signOutLocally: nothing,
      getAccessToken: async () => null,
    }),
    [visitor, engineWanted, signInWith],
  );

  return (
    <AuthContext.Provider value={engineValue ?? visitorValue}>
      {children}
      {engineWanted ? (
        <Suspense fallback={null}>
          <AuthEngine
            navigator={navigator}
            config={config.current}
            request={request.current}
            onValue={setEngineValue}
          />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}
