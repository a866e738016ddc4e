import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import { EntryList, type ViewEntry } from './dialogs.js';

export interface ResourceCardsProps<Row> {
  rows: readonly Row[];
  getId: (row: Row) => string;
  title: (row: Row) => string;
  entries: (row: Row) => readonly ViewEntry[];
  actions: (row: Row) => ReactNode;
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** Shown on the button and under the cards: "12 of 40". */
  records: number;
}

/**
 * The list on small screens: one card per record and "Load more", which appends the next page (the
 * spec's isParamChanged rule) instead of a grid too narrow to read.
 */
export function ResourceCards<Row>(props: ResourceCardsProps<Row>) {
  const { rows, loading, hasMore } = props;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={loading}>
      {rows.map((row) => {
        const title = props.title(row);
        return (
          <Card component="li" key={props.getId(row)} variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {title}
              </Typography>
              {/* The heading already names the record; its name field would only repeat it. */}
              <EntryList entries={props.entries(row).filter((entry) => entry.value !== title)} dense />
            </CardContent>
            <CardActions>{props.actions(row)}</CardActions>
          </Card>
        );
      })}
      <Box component="li" sx={{ textAlign: 'center', py: 1 }}>
        {loading ? (
          <CircularProgress size={24} aria-label="Loading" />
        ) : hasMore ? (
          <Button onClick={props.onLoadMore} variant="outlined">
            Load more ({rows.length} of {props.records})
          </Button>
        ) : null}
      </Box>
    </Stack>
  );
}
