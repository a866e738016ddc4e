import { CircularProgress, FormControl, InputLabel, MenuItem, Select } from '@console/shared-sdk/mui';
import { useSiteChoices } from './choices.js';
import { selectedSite, siteLabel, useSelectedSite } from './store.js';

/**
 * Picks the site the site-scoped screens work on (spec: selectedSiteID/selectedSiteTimezone). Keeps the
 * stored choice while it is still one of the user's sites, otherwise selects the first (see choices.ts).
 * A platform admin who has not chosen an organisation has no sites to pick: nothing is shown or asked.
 */
export function SiteSelector({ size = 'small' }: { size?: 'small' | 'medium' }) {
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
        value={sites.some((s) => s._id === selectedId) ? (selectedId ?? '') : ''}
        onChange={(event) => selectedSite.select(sites.find((s) => s._id === event.target.value) ?? null)}
        displayEmpty
        renderValue={(value) => {
          const site = sites.find((s) => s._id === value);
          return site ? siteLabel(site) : placeholder;
        }}
      >
        {sites.map((site) => (
          <MenuItem key={site._id} value={site._id}>
            {siteLabel(site)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
