import { Box, List, ListItemButton, Stack, Typography } from '@console/shared-sdk/mui';
import { noAreaLabel, type PortfolioAreaTotals, type PortfolioTotals } from '@console/shared-sdk/sites';
import { AutoDirText, LtrText } from '@console/shared-sdk/ui';
import { AlarmMark, plural, ScoreChip } from './portfolio-figures';

// The figures of many sites added up, as the portfolio answers them: every matching site's (the totals
// line) and each area's (the "Group by area" summary, whose lines filter the list by their area).

interface Part {
  key: string;
  text: string;
  /** Something to act on now: red, bold and marked, as the list's figures. */
  alarming: boolean;
  /** Counts something (the day's tasks always do): an area's line leaves out what counts nothing. */
  counts: boolean;
}

/** The figures of a group of sites in words, the week's score apart. */
function totalsParts(totals: PortfolioTotals): Part[] {
  const { tasks } = totals;
  return [
    {
      key: 'tasks',
      text: `${tasks.done} of ${plural(tasks.due, 'task', 'tasks')} done`,
      alarming: false,
      counts: true,
    },
    {
      key: 'overdue',
      text: `${tasks.overdue} overdue`,
      alarming: tasks.overdue > 0,
      counts: tasks.overdue > 0,
    },
    {
      key: 'failures',
      text: plural(totals.temperatureFailures, 'failed reading', 'failed readings'),
      alarming: totals.temperatureFailures > 0,
      counts: totals.temperatureFailures > 0,
    },
    {
      key: 'sensors',
      text: `${plural(totals.sensorsOffline, 'sensor', 'sensors')} offline`,
      alarming: totals.sensorsOffline > 0,
      counts: totals.sensorsOffline > 0,
    },
    {
      key: 'actions',
      text: `${plural(totals.actionsOpen, 'corrective action', 'corrective actions')} open${totals.actionsOverdue > 0 ? `, ${totals.actionsOverdue} overdue` : ''}`,
      alarming: totals.actionsOverdue > 0,
      counts: totals.actionsOpen > 0,
    },
    {
      key: 'nearMisses',
      text: plural(totals.openNearMisses, 'open near miss', 'open near misses'),
      alarming: totals.openNearMisses > 0,
      counts: totals.openNearMisses > 0,
    },
    {
      key: 'documents',
      text: `${plural(totals.documentsExpired, 'document', 'documents')} expired, ${totals.documentsExpiring} expiring`,
      alarming: totals.documentsExpired > 0,
      counts: totals.documentsExpired + totals.documentsExpiring > 0,
    },
  ];
}

/**
 * A group's figures as a list that wraps ("12 of 40 tasks done", "3 overdue", …, "This week 88.1 Needs
 * attention"), each item whole on its line, the alarming ones marked.
 */
function FiguresList({
  totals,
  label,
  inButton = false,
}: {
  totals: PortfolioTotals;
  label?: string;
  /** Inside a button, whose content is read as its name: words in a line rather than a list. */
  inButton?: boolean;
}) {
  const item = inButton ? 'span' : 'li';
  // An area's line says only what counts something there; the totals say every figure, zeros too.
  const parts = totalsParts(totals).filter((part) => !inButton || part.counts);
  return (
    <Box
      component={inButton ? 'span' : 'ul'}
      aria-label={inButton ? undefined : label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
    >
      {parts.map((part) => (
        <Typography
          component={item}
          variant="body2"
          key={part.key}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            ...(part.alarming ? { color: 'error.main', fontWeight: 700 } : {}),
          }}
        >
          {part.alarming && <AlarmMark />}
          <LtrText>{part.text}</LtrText>
        </Typography>
      ))}
      <Typography
        component={item}
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        This week <ScoreChip week={totals.week} direction="row" />
      </Typography>
    </Box>
  );
}

const sitesWords = (totals: PortfolioTotals) =>
  `${plural(totals.sites, 'site', 'sites')}, ${totals.sitesNeedingAttention} needing attention, ${totals.openNow} open now`;

/** Every matching site's figures added up, under the heading. */
export function TotalsLine({ totals, narrowed }: { totals: PortfolioTotals; narrowed: boolean }) {
  const heading = `${narrowed ? 'Matching' : 'Your'} ${sitesWords(totals)}`;
  return (
    <Stack spacing={0.5} role="group" aria-label="Totals">
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        <AutoDirText>{heading}</AutoDirText>
      </Typography>
      <FiguresList
        totals={totals}
        label={narrowed ? 'Figures of the matching sites' : 'Figures of your sites'}
      />
    </Stack>
  );
}

/** The value of the area filter that shows an area's sites: its id, or NONE for the sites in no area. */
export const areaFilterValue = (totals: PortfolioAreaTotals) => totals.area?._id ?? 'NONE';

/**
 * "Group by area": one line per area with its sites' figures added up (the sites in no area last), each a
 * button that shows only that area's sites in the list, or all of them again when it is the one shown.
 */
export function AreaSummary({
  areas,
  chosen,
  onChoose,
}: {
  areas: readonly PortfolioAreaTotals[];
  /** The area filter's value. */
  chosen: string | undefined;
  onChoose: (areaID: string | undefined) => void;
}) {
  return (
    <List dense disablePadding aria-label="Areas" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {areas.map((totals) => {
        const value = areaFilterValue(totals);
        const selected = chosen === value;
        const name = totals.area?.name ?? noAreaLabel;
        return (
          <li key={value}>
            <ListItemButton
              selected={selected}
              aria-pressed={selected}
              onClick={() => onChoose(selected ? undefined : value)}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                rowGap: 0.5,
                py: 0.75,
              }}
            >
              <Box sx={{ flex: '0 1 260px', minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  title={name}
                >
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                  {sitesWords(totals)}
                </Typography>
              </Box>
              <Box sx={{ flex: '1 1 360px', minWidth: 0 }}>
                <FiguresList totals={totals} inButton />
              </Box>
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}
