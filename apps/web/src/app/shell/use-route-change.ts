import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Calls `callback` after every navigation (not on mount), e.g. to close open menus. */
export function useOnRouteChange(callback: () => void): void {
  const { key } = useLocation();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    callback();
  }, [key, callback]);
}
