import type { Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";

/** Spec §2: small screens are those below the md breakpoint (900 px). */
export function useSmallScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down("md"), { noSsr: true });
}
