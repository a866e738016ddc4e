import { createContext, useContext, type ReactNode } from 'react';

// Which screens list one site's records is said once, on the route (a remote's remote.json `siteScoped`):
// the shell puts that route's answer here, and every list on the screen follows it. A declaration states
// `siteScoped` only to differ from its route (an organisation-wide tab on a site's screen).

const RouteSiteScope = createContext<boolean | undefined>(undefined);

/** Tells the lists inside whether their route is site-scoped. */
export function SiteScopeProvider({ siteScoped, children }: { siteScoped: boolean; children: ReactNode }) {
  return <RouteSiteScope.Provider value={siteScoped}>{children}</RouteSiteScope.Provider>;
}

/** A list's scope: its declaration's when it states one, else its route's, else not site-scoped. */
export function useSiteScoped(declared: boolean | undefined): boolean {
  const route = useContext(RouteSiteScope);
  return declared ?? route ?? false;
}
