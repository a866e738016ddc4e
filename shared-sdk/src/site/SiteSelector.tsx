import { CircularProgress, FormControl, InputLabel, MenuItem, Select } from '@console/shared-sdk/mui';
import { useSiteChoices } from './choices.js';
import { selectedSite, siteLabel, useSelectedSite } from './store.js';

/** A first choice, "All sites", for a screen that also has a view of every site (the dashboard). */
export interface AllSitesChoice {
  /** True while the screen shows every site: the selector says "All sites". */
  chosen: boolean;
  /** Called with true when "All sites" is picked, false when a site is (which also selects it). */
  onChange(allSites: boolean): void;
}

const allSitesValue = '*';

/**
 * Picks the site the site-scoped screens work on (spec: selectedSiteID/selectedSiteTimezone). Keeps the
 * stored choice while it is still one of the user's sites, otherwise selects the first (see choices.ts).
 * A platform admin who has not chosen an organisation has no sites to pick: nothing is shown or asked.
 * "All sites" leaves the selected site as it is, so the site-scoped screens keep working on it.
 */
export function SiteSelector({
  size = 'small',
  allSites,
}: {
  size?: 'small' | 'medium';
  allSites?: AllSitesChoice;
}) {
  const selectedId = useSelectedSite((s) => s.selectedSiteID);
  const { status, sites } = useSiteChoices();

  if (status === 'unavailable') return null;
  if (status === 'loading') return <CircularProgress size={20} aria-label="Loading sites" />;
  const placeholder = status === 'failed' ? 'Sites could not be loaded' : 'No sites yet';
  return (
    <FormControl
      size={size}
      sx={{ minWidth: { xs: 0, sm: 220 }, maxWidth: 360, width: { xs: '100%', sm: 'auto' } }}
      disabled={sites.length === 0}
    >
      {/* Always shrunk: with no sites the placeholder sits where the label would otherwise lie over it. */}
      <InputLabel id="site-selector-label" shrink>
        Site
      </InputLabel>
      <Select
        labelId="site-selector-label"
        label="Site"
        notched
        value={
          allSites?.chosen && sites.length > 0
            ? allSitesValue
            : sites.some((s) => s._id === selectedId)
              ? (selectedId ?? '')
              : ''
        }
        onChange={(event) => {
          if (event.target.value === allSitesValue) return allSites?.onChange(true);
          selectedSite.select(sites.find((s) => s._id === event.target.value) ?? null);
          allSites?.onChange(false);
        }}
        displayEmpty
        renderValue={(value) => {
          if (value === allSitesValue) return 'All sites';
          const site = sites.find((s) => s._id === value);
          return site ? siteLabel(site) : placeholder;
        }}
      >
        {allSites && sites.length > 0 && <MenuItem value={allSitesValue}>All sites</MenuItem>}
        {sites.map((site) => (
          <MenuItem key={site._id} value={site._id}>
            {siteLabel(site)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
