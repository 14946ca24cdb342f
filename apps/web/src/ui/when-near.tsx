// A part of a page that loads its code, for a visitor, once its place comes onto the screen: a
// section far down a listing's page (an event's hotels, a venue's calendar) is not in a visitor's
// first view, and its code (and its calls) need not be either. Until then, and while the code
// loads, the placeholder holds its place. Server and browser draw the same placeholder (the part is
// never asked for while the page hydrates), so a first view still hydrates without a redraw.
// Someone signed in gets every part at once, as before: they come to use them (mark days on their
// calendar, reserve a room), and the budget is a visitor's first view.
import Skeleton from "@mui/material/Skeleton";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../lib/auth";

/**
 * A part loads once its placeholder's first pixel shows: looking further ahead would load a section
 * that starts just below the first view with it.
 */
const AHEAD = "0px";

export function WhenNear({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const { hash } = useLocation();
  const { user } = useAuth();
  const [wanted, setWanted] = useState(false);
  const [place, setPlace] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (wanted) return;
    // An address naming a section (`#deals`) loads every part at once: the page scrolls to it past
    // the parts above, which must take their own height first. So does a browser that cannot tell
    // what shows on screen.
    if (user !== null || hash.length > 1 || typeof IntersectionObserver === "undefined") {
      setWanted(true);
      return;
    }
    if (!place) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, [wanted, user, hash, place]);
  const placeheld = <div ref={setPlace}>{placeholder}</div>;
  return wanted ? <Suspense fallback={placeheld}>{children}</Suspense> : placeheld;
}

/**
 * A section of a page that loads near the screen (WhenNear), holding its place meanwhile with a
 * skeleton about its height, named for screen readers ("Loading the reviews").
 */
export function WhenNearSection({
  label,
  height,
  children,
}: {
  label: string;
  height: number;
  children: ReactNode;
}) {
  return (
    <WhenNear
      placeholder={<Skeleton variant="rounded" height={height} role="status" aria-label={label} />}
    >
      {children}
    </WhenNear>
  );
}
