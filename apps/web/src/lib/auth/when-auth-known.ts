// A click that depends on who is signed in, on a page that may be clicked before the app knows:
// a page the server painted for a visitor is usable while sign-in is still loading. Such a click
// is kept and handled once sign-in has loaded, by the handler of that moment, instead of being
// dropped; and the button need not be disabled meanwhile, which the painted page would not match.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useAuth } from "./auth-context";

export function useWhenAuthKnown<A extends unknown[]>(
  handler: (...args: A) => void,
): (...args: A) => void {
  const auth = useAuth();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  const [waiting, setWaiting] = useState<A | null>(null);
  useEffect(() => {
    if (waiting && !auth.isLoading) {
      setWaiting(null);
      latest.current(...waiting);
    }
  }, [waiting, auth.isLoading]);
  return useCallback(
    (...args: A) => (auth.isLoading ? setWaiting(args) : latest.current(...args)),
    [auth.isLoading],
  );
}
