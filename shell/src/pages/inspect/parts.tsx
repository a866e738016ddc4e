import { Box, CircularProgress, Link, Stack, Typography } from '@console/shared-sdk/mui';
import { AutoDirText } from '@console/shared-sdk';
import { packVerifyPath } from '@console/shared-sdk/reports';
import type { CSSProperties, ReactNode } from 'react';

/** Out of sight, still read by assistive technology. */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** Something of the view on its way, said in words as well as shown. */
export function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/**
 * Terms and their values as a description list: two columns where there is room, one under the other on a
 * phone. Values are the organisation's own words, in whatever script they were written.
 */
export function Facts({ rows, label }: { rows: readonly (readonly [string, ReactNode])[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
        m: 0,
      }}
    >
      {rows.map(([term, value], index) => (
        // A record may name two of its fields alike: the place in the list tells them apart.
        <Box key={index} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {typeof value === 'string' ? <AutoDirText>{value}</AutoDirText> : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
/** The link to the public check of a pack: a new tab, so the records stay open, and no referrer. */
export function VerifyLink() {
  return (
    <Link href={packVerifyPath} target="_blank" rel="noreferrer">
      the verify page
    </Link>
  );
}
