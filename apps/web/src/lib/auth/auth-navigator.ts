// How the auth layer reads and changes the in-app address. The provider sits above the router, so
// the app hands it one over its router; without one it falls back to full page loads.

export type TAuthNavigator = {
  /** The current in-app address: path, query and hash. */
  current(): string;
  navigate(to: string, options?: { replace?: boolean }): void;
};

type TDataRouter = {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate(to: string, options?: { replace?: boolean }): Promise<void> | void;
};

export function routerNavigator(router: TDataRouter): TAuthNavigator {
  return {
    current: () => {
      const { pathname, search, hash } = router.state.location;
      return `${pathname}${search}${hash}`;
    },
    navigate: (to, options) => void router.navigate(to, options),
  };
}

export const windowNavigator: TAuthNavigator = {
  current: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  navigate: (to, options) => {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  },
};

export function pathnameOf(address: string): string {
  return new URL(address, window.location.origin).pathname;
}
