import type { Location } from "react-router";
import { HOME_PATH } from "./paths";

/** Spec §2: signing in from the landing page lands on /home; elsewhere people stay put. */
export function returnPathAfterSignIn(location: Pick<Location, "pathname" | "search">): string {
  return location.pathname === "/" ? HOME_PATH : `${location.pathname}${location.search}`;
}
