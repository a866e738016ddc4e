import type { RuleSet } from '@console/shared-sdk/contract';
import { siteFormat, useSiteFormat, useSiteRuleSet, type SiteFormat } from '@console/shared-sdk/ui';
import { useMemo } from 'react';

// The equipment of the selected site is shown in its unit and set up by its rules: a fridge's default
// limits and the looser limit that needs a reason are its rule set's, with its organisation's national
// figures where the set leaves them to it (an EU site's), as the API checks them when it saves.

/** How the selected site writes temperatures and dates, and the rules it is judged by. */
export interface SiteRules {
  format: SiteFormat;
  /** Its rule set with its organisation's figures, once the site selector's list gives it; null until then. */
  rules: RuleSet | null;
}

/** A site in England, where nothing else is said: °C, day first, and England's rules as the default. */
export const englishSite: SiteRules = {
  format: siteFormat('C', 'Europe/London', 'en-GB'),
  rules: null,
};

/** The selected site's format and rules (read from the site selector's list, which the shell loads). */
export function useSiteRules(): SiteRules {
  const format = useSiteFormat();
  const rules = useSiteRuleSet();
  return useMemo(() => ({ format, rules }), [format, rules]);
}
