import { fileUrl, type UploadedFile } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import {
  nearMissApi,
  nearMissCategoryLabels,
  nearMissWorkflow,
  type LogStatus,
  type NearMiss,
  type NearMissCategory,
  type NearMissHistoryEntry,
} from '@console/shared-sdk/logs';
import { Box, Button, Chip, Stack, Typography } from '@console/shared-sdk/mui';
import { PhotoDialog, todayIn, type SiteFormat } from '@console/shared-sdk/ui';
import { useState } from 'react';
import { changedFields, RecordHistory, type HistoryField } from '../shared/history';
import { useRecordFormat } from '../shared/site-writing';

// The near miss's view, below its fields: the follow-up actions with their owner (set in Edit), due date
// and whether they are done; the photos sent with the report, each opening large; and the history. Loaded
// when a report is first opened, not with the list.

export function NearMissFollowUps({ report }: { report: NearMiss }) {
  const format = useRecordFormat(report);
  if (report.followUps.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No follow-up actions yet. Add them, each with its owner, with Edit.
      </Typography>
    );
  const today = todayIn(report.timeZoneId);
  const Done = consoleIcons.complete;
  const Late = consoleIcons.warning;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Follow-up actions">
      {report.followUps.map((item) => {
        const overdue = item.doneAt === null && item.dueOn !== null && item.dueOn < today;
        return (
          <Stack
            component="li"
            key={item._id}
            direction="row"
            sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ flex: 1, minWidth: 200 }}>{item.action}</Typography>
            <Typography variant="body2" color="text.secondary">
              Owner:{' '}
              <Box component="span" sx={{ color: 'text.primary' }}>
                {item.owner ? item.owner.name : 'nobody yet'}
              </Box>
            </Typography>
            {item.dueOn && (
              <Typography variant="body2" color="text.secondary">
                Due {format.day(item.dueOn, 'weekdayDate')}
              </Typography>
            )}
            {item.doneAt !== null ? (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<Done fontSize="small" />}
                label={`Done ${format.instant(item.doneAt)}`}
              />
            ) : overdue ? (
              <Chip size="small" color="error" icon={<Late fontSize="small" />} label="Overdue" />
            ) : (
              <Chip size="small" variant="outlined" label="Open" />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

export function NearMissPhotos({ report }: { report: NearMiss }) {
  const [enlarged, setEnlarged] = useState<{ photo: UploadedFile; index: number } | null>(null);
  if (report.photos.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No photos were sent with this report.
      </Typography>
    );
  const nameOf = (index: number) => `Photo ${index + 1} of ${report.photos.length}`;
  return (
    <>
      <Stack component="ul" direction="row" sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
        {report.photos.map((photo, index) => (
          <li key={photo._id}>
            <Button
              onClick={() => setEnlarged({ photo, index })}
              aria-label={`Show ${nameOf(index).toLowerCase()} larger`}
              sx={{ p: 0, minWidth: 0, overflow: 'hidden' }}
            >
              <Box
                component="img"
                src={fileUrl(photo.location)}
                alt=""
                sx={{ width: 120, height: 90, objectFit: 'cover', display: 'block' }}
              />
            </Button>
          </li>
        ))}
      </Stack>
      {enlarged && (
        <PhotoDialog
          src={fileUrl(enlarged.photo.location)}
          title={`${report.logID}: ${nameOf(enlarged.index)}`}
          onClose={() => setEnlarged(null)}
        />
      )}
    </>
  );
}

type Snapshot = NonNullable<NearMissHistoryEntry['changes']['after']>;

function historyFields(format: SiteFormat): readonly HistoryField<Snapshot>[] {
  return [
    {
      key: 'status',
      label: 'Status',
      format: (value) => nearMissWorkflow.labels[value as LogStatus] ?? String(value),
    },
    { key: 'outcome', label: 'Outcome' },
    { key: 'title', label: 'Title' },
    {
      key: 'category',
      label: 'Category',
      format: (value) => nearMissCategoryLabels[value as NearMissCategory] ?? String(value),
    },
    {
      key: 'occurredAt',
      label: 'When it happened',
      format: (value) => (typeof value === 'string' ? format.instant(value) : 'none'),
    },
    { key: 'location', label: 'Where' },
    { key: 'whatHappened', label: 'What happened' },
    { key: 'peopleInvolved', label: 'Who was involved' },
    { key: 'injuries', label: 'Injuries' },
    { key: 'immediateAction', label: 'Immediate action' },
  ];
}

/** The follow-up actions a change added, removed, or marked done or not done. */
function followUpChanges(entry: NearMissHistoryEntry): string[] {
  const { before, after } = entry.changes;
  if (!before || !after) return [];
  const earlier = new Map(before.followUps.map((item) => [item._id, item]));
  const lines: string[] = [];
  for (const item of after.followUps) {
    const old = earlier.get(item._id);
    earlier.delete(item._id);
    if (!old) lines.push(`Follow-up added: ${item.action}`);
    else if (old.doneAt === null && item.doneAt !== null) lines.push(`Follow-up done: ${item.action}`);
    else if (old.doneAt !== null && item.doneAt === null) lines.push(`Follow-up not done: ${item.action}`);
    else if (JSON.stringify(old) !== JSON.stringify(item)) lines.push(`Follow-up changed: ${item.action}`);
  }
  for (const removed of earlier.values()) lines.push(`Follow-up removed: ${removed.action}`);
  return lines;
}

export function NearMissHistory({ report }: { report: NearMiss }) {
  const format = useRecordFormat(report);
  const fields = historyFields(format);
  return (
    <RecordHistory
      recordID={report._id}
      load={nearMissApi.history}
      timeZone={report.timeZoneId}
      siteID={report.siteID}
      describe={(entry) => [...changedFields(entry, fields), ...followUpChanges(entry)]}
    />
  );
}
