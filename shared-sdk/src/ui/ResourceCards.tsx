import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import { EntryList, type ViewEntry } from './dialogs.js';
import { LtrText } from '../text/direction.js';

export interface ResourceCardsProps<Row> {
  rows: readonly Row[];
  getId: (row: Row) => string;
  title: (row: Row) => string;
  entries: (row: Row) => readonly ViewEntry[];
  /** The row's actions (and its checkbox), beside its name: the grid's compact set. */
  actions: (row: Row) => ReactNode;
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** Shown on the button and under the cards: "12 of 40". */
  records: number;
}

/** A value the card has nothing to say about: `displayValue`'s word for empty. */
const nothing = '—';

/**
 * The list on small screens: one compact card per record (its name and actions on one line, then its facts
 * as label and value side by side) and "Load more", which appends the next page (the spec's isParamChanged
 * rule) instead of a grid too narrow to read.
 */
export function ResourceCards<Row>(props: ResourceCardsProps<Row>) {
  const { rows, loading, hasMore } = props;
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={loading}>
      {rows.map((row) => {
        const title = props.title(row);
        // The heading already names the record: its name field would only repeat it, and an empty fact
        // takes a line to say nothing.
        const entries = props
          .entries(row)
          .filter((entry) => entry.value !== title && entry.value !== nothing);
        return (
          <Card component="li" key={props.getId(row)} variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                {/* A level under the screen's title (its h1): headings that skip one lose screen readers' users. */}
                <Typography
                  variant="subtitle2"
                  component="h2"
                  sx={{ flex: 1, minWidth: 0, pt: 0.75, overflowWrap: 'anywhere' }}
                >
                  {title}
                </Typography>
                {props.actions(row)}
              </Stack>
              {entries.length > 0 && <EntryList entries={entries} dense sideBySide />}
            </CardContent>
          </Card>
        );
      })}
      <Box component="li" sx={{ textAlign: 'center', py: 1 }}>
        {loading ? (
          <CircularProgress size={24} aria-label="Loading" />
        ) : hasMore ? (
          <Button onClick={props.onLoadMore} variant="outlined">
            <LtrText>
              Load more ({rows.length} of {props.records})
            </LtrText>
          </Button>
        ) : null}
      </Box>
    </Stack>
  );
}
