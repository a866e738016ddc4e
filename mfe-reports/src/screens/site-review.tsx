import { useMemo } from 'react';
import { invalidate, useRead, useSelectedSite, type Option } from '@console/shared-sdk';
import { Divider, Paper, Skeleton, Stack, Typography } from '@console/shared-sdk/mui';
import {
  siteReviewApi,
  siteReviewSortColumns,
  siteReviewStateLabels,
  siteReviewStates,
  type SiteReview,
} from '@console/shared-sdk/reports';
import {
  defineResource,
  ErrorState,
  ResourceScreen,
  useSiteFormat,
  type ResourceScreenProps,
  type SiteFormat,
} from '@console/shared-sdk/ui';
import { periodWords, ReviewContents, ReviewNotes, ReviewStateChips, signedWords } from './site-review-parts';

// `/dashboard/siteReview`: the four-weekly review ("Safer food, better business"). Every four weeks a
// site's review is drafted from its records; a site admin or above adds notes and the changes made, and
// signs it with their password typed again. Signed, it never changes. The selected site's current review is
// on top; below, every review of the site, each opened by `?view=<id>` (the bell's reminder links there).

const stateTabs: readonly Option[] = siteReviewStates.map((state) => ({
  value: state,
  label: siteReviewStateLabels[state],
}));

/** A review saved or signed: what shows it anywhere (the current one, the list, an open view) reads again. */
const changed = () => invalidate(['SiteReview']);

/** The declaration of the site's reviews; `format` is the selected site's, whose reviews they are. */
export function siteReviewsOf(format: SiteFormat) {
  return defineResource({
    title: 'Four-weekly review',
    name: 'review',
    subject: 'SiteReview',
    // Reviews are made by the API, one per four weeks, and change only through their own editor.
    api: { list: siteReviewApi.list, get: siteReviewApi.get },
    recordLabel: (review: SiteReview) => `Review of ${periodWords(review, format)}`,
    sortable: siteReviewSortColumns,
    defaultSort: '-periodStart',
    search: false,
    emptyMessage: 'No four-weekly reviews of this site yet.',
    filters: [{ kind: 'status', name: 'state', label: 'Review state', options: stateTabs }],
    columns: [
      {
        field: 'periodStart',
        headerName: 'Four weeks',
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, review) => periodWords(review, format),
      },
      {
        field: 'state',
        headerName: 'State',
        width: 200,
        renderCell: ({ row }) => <ReviewStateChips review={row} />,
      },
      {
        field: 'signedBy',
        headerName: 'Signed by',
        sortable: false,
        valueGetter: (_value, review) => review.signedBy?.name ?? '',
      },
      {
        field: 'signedAt',
        headerName: 'Signed',
        valueGetter: (_value, review) => (review.signedAt ? format.instant(review.signedAt) : ''),
      },
    ],
    card: [
      { label: 'State', render: (review) => <ReviewStateChips review={review} /> },
      { label: 'Signed', render: (review) => signedWords(review, format) },
    ],
    view: [
      { label: 'Site', field: 'siteName' },
      { label: 'Four weeks', render: (review) => periodWords(review, format) },
      { label: 'State', render: (review) => <ReviewStateChips review={review} /> },
      { label: 'Signed', render: (review) => signedWords(review, format) },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'What the records show',
          render: (review) => <ReviewContents review={review} level={4} />,
        },
        {
          title: 'Notes and changes',
          render: (review, helpers) => <ReviewNotes review={review} onChanged={helpers.reload} />,
        },
      ],
    },
    actions: { create: false, edit: false, delete: false },
  });
}

/** The review of the four weeks running today at the selected site. */
function CurrentReview({ siteID }: { siteID: string }) {
  const current = useRead(['SiteReview', 'current', siteID], (signal) =>
    siteReviewApi.current(siteID, { signal }),
  );
  const format = useSiteFormat();
  const review = current.data;
  let body;
  if (current.loading)
    body = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Drafting the review">
        <Typography color="text.secondary">Reading the site’s records…</Typography>
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  else if (!review)
    body = <ErrorState message="The current review could not be drafted." onRetry={current.reload} />;
  else
    body = (
      <Stack spacing={2}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            These four weeks: {periodWords(review, format)}
          </Typography>
          <ReviewStateChips review={review} />
        </Stack>
        {review.state === 'DRAFT' && (
          <Typography variant="body2" color="text.secondary">
            Drafted from the site’s records as they are now: it is read afresh until it is signed.
          </Typography>
        )}
        <ReviewContents review={review} level={3} />
        <Divider />
        <Typography variant="subtitle1" component="h3">
          Notes and changes
        </Typography>
        <ReviewNotes
          review={review}
          onChanged={(next) => {
            current.replace(next);
            changed();
          }}
        />
      </Stack>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Current review">
      {body}
    </Paper>
  );
}

export type SiteReviewScreenProps = Pick<
  ResourceScreenProps<SiteReview, never, never, never, object>,
  'gridProps'
>;

/** `/dashboard/siteReview`: the current review of the selected site, then all of its reviews. */
export function SiteReviewScreen({ gridProps }: SiteReviewScreenProps) {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const format = useSiteFormat();
  const resource = useMemo(() => siteReviewsOf(format), [format]);
  return (
    <ResourceScreen resource={resource} gridProps={gridProps}>
      {siteID && <CurrentReview key={siteID} siteID={siteID} />}
      {siteID && (
        <Typography variant="h6" component="h2">
          Every review of the site
        </Typography>
      )}
    </ResourceScreen>
  );
}
