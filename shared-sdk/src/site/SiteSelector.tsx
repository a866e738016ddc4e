import { CircularProgress, FormControl, InputLabel, MenuItem, Select } from '@console/shared-sdk/mui';
import { useEffect, useState } from 'react';
import { sitesApi } from '../api/index.js';
import type { SiteOption } from '../contract/index.js';
import { useSession } from '../session/store.js';
import { selectedSite, siteLabel, useSelectedSite } from './store.js';

/**
 * Picks the site the site-scoped screens work on (spec: selectedSiteID/selectedSiteTimezone). Keeps the
 * stored choice while it is still one of the user's sites, otherwise selects the first.
 */
export function SiteSelector({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const selectedId = useSelectedSite((s) => s.selectedSiteID);
  // A platform admin switching organisation sees that organisation's sites.
  const orgId = useSession((s) => s.orgId);
  const [sites, setSites] = useState<SiteOption[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setSites(null);
    sitesApi
      .simpleList({ signal: controller.signal })
      .then((list) => {
        setSites(list);
        const current = list.find((site) => site._id === selectedSite.get().selectedSiteID);
        selectedSite.select(current ?? list[0] ?? null);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSites([]);
      });
    return () => controller.abort();
  }, [orgId]);

  if (sites === null) return <CircularProgress size={20} aria-label="Loading sites" />;
  return (
    <FormControl size={size} sx={{ minWidth: 220, maxWidth: 360 }} disabled={sites.length === 0}>
      <InputLabel id="site-selector-label">Site</InputLabel>
      <Select
        labelId="site-selector-label"
        label="Site"
        value={sites.some((s) => s._id === selectedId) ? (selectedId ?? '') : ''}
        onChange={(event) => selectedSite.select(sites.find((s) => s._id === event.target.value) ?? null)}
        displayEmpty={sites.length === 0}
        renderValue={(value) => {
          const site = sites.find((s) => s._id === value);
          return site ? siteLabel(site) : 'No sites yet';
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
