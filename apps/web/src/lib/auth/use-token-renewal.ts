// The auth provider's one token renewal (token-renewal.ts), kept for the provider's lifetime and
// calling the provider's latest handlers.
import { useEffect, useRef, useState } from "react";
import { createTokenRenewal, type TTokenRenewal, type TTokenRenewalOptions } from "./token-renewal";

export type TRenewalHandlers = Pick<
  TTokenRenewalOptions,
  "signinSilent" | "onRenewed" | "onRefused" | "onWaitingChange"
>;

export function useTokenRenewal(handlers: TRenewalHandlers): TTokenRenewal {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [renewal] = useState(() =>
    createTokenRenewal({
      signinSilent: () => latest.current.signinSilent(),
      onRenewed: (user) => latest.current.onRenewed(user),
      onRefused: (error) => latest.current.onRefused(error),
      onWaitingChange: (waiting) => latest.current.onWaitingChange(waiting),
    }),
  );
  useEffect(() => () => renewal.stop(), [renewal]);
  return renewal;
}
