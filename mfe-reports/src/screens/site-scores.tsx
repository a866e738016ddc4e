import { lazy, Suspense } from 'react';
import { selectedSite, useDocumentTitle, useRead } from '@console/shared-sdk';
import {
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { useNavigate, useSearchParams } from '@console/shared-sdk/router';
import {
  scoreApi,
  scoreDefaultDays,
  type AllSitesScoreList,
  type AreaScore,
  type SiteScore,
  type SiteScoreReport,
} from '@console/shared-sdk/reports';
import {
  compactCell as cell,
  compactNumberCell as numberCell,
  DateRangeChooser,
  useDateRange,
  type LocalDateRange,
} from '@console/shared-sdk/report-kit';
import { noAreaLabel } from '@console/shared-sdk/contract';
import { EmptyState, useSiteFormatOf, useSiteOption, type SiteFormat } from '@console/shared-sdk/ui';
import { bandColors, changeText, reportRead, scoreText } from './report-words';

// `/dashboard/reports` (issue 12): every site the admin may see ranked by its score over a range, with a
// small trend each; `?site=` opens one site's scores per day as a chart and a table, and a day opens that
// day's task list in the tasks remote by its route. Where the sites are in areas, `?by=area` ranks the areas
// the same way (each scored from its sites' counts together), and an area opens its own sites (`?area=`). Scores are DOMAIN.md's, worked out by the API. Below
// the small breakpoint (a phone) the tables would be cut off or scroll sideways, so each site and each
// day is a card instead, saying the same in words.

const TrendPlot = lazy(() => import('./score-trend-plot').then((m) => ({ default: m.ScoreTrendPlot })));
const DaysPlot = lazy(() => import('./score-days-plot').then((m) => ({ default: m.ScoreDaysPlot })));

function BandChip({ score, band }: Pick<SiteScore, 'score' | 'band'>) {
  return (
    <Chip
      size="small"
      color={band ? bandColors[band] : 'default'}
      variant={band ? 'filled' : 'outlined'}
      label={scoreText(score, band)}
    />
  );
}

/** The band and the counts behind a score, as a ranking's or a day's table cells. */
function ScoreCells({
  counts,
}: {
  counts: Pick<SiteScore, 'score' | 'band' | 'due' | 'onTime' | 'late' | 'missed'>;
}) {
  return (
    <>
      <Box component="td" sx={cell}>
        <BandChip score={counts.score} band={counts.band} />
      </Box>
      {([counts.due, counts.onTime, counts.late, counts.missed] as const).map((count, index) => (
        <Box component="td" sx={numberCell} key={index}>
          {count}
        </Box>
      ))}
    </>
  );
}

type Counts = Pick<SiteScore, 'due' | 'onTime' | 'late' | 'missed'>;

/** "197 due · 173 on time · 10 late · 14 missed": a card's counts, where a table has columns. */
const countsText = (counts: Counts) =>
  `${counts.due} due · ${counts.onTime} on time · ${counts.late} late · ${counts.missed} missed`;

/** True below the small breakpoint, where the tables give way to cards (as the kit's lists do). */
function usePhone() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/** The change on the period before, with an arrow for its direction. */
function Change({ change }: Pick<SiteScore, 'change'>) {
  return (
    <>
      {change !== null && change !== 0 && (
        <Box component="span" aria-hidden sx={{ color: change > 0 ? 'success.main' : 'error.main', mr: 0.5 }}>
          {change > 0 ? '▲' : '▼'}
        </Box>
      )}
      {changeText(change)}
    </>
  );
}

/** A site's or an area's small trend, named in words for screen readers. */
function Trend({ name, trend }: { name: string; trend: SiteScore['trend'] }) {
  return (
    <Box
      role="img"
      aria-label={`Trend of ${name}: ${trend.map((point) => (point.score === null ? 'nothing due' : point.score)).join(', ')}`}
      sx={{ width: 120, height: 36, flexShrink: 0 }}
    >
      <Suspense fallback={<Skeleton variant="rounded" width={120} height={36} />}>
        <TrendPlot scores={trend.map((point) => point.score)} />
      </Suspense>
    </Box>
  );
}

/** The site's name, opening its days, and where it is. */
function SiteName({ site, onOpen }: { site: SiteScore; onOpen: (site: SiteScore) => void }) {
  return (
    <>
      <Link component="button" type="button" onClick={() => onOpen(site)} sx={{ textAlign: 'left' }}>
        {site.name}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {[site.location.city, site.location.country].filter(Boolean).join(', ')}
      </Typography>
    </>
  );
}

/** A list of cards, one per site or day, in place of a table on a phone. */
const cardList = { listStyle: 'none', m: 0, p: 0 } as const;

function RankingCards({ data, onOpen }: { data: AllSitesScoreList; onOpen: (site: SiteScore) => void }) {
  return (
    <Stack component="ol" spacing={1} sx={cardList} aria-label="Sites ranked by score">
      {data.list.map((site) => (
        <Paper component="li" variant="outlined" key={site.siteID} sx={{ p: 1.5, minWidth: 0 }}>
          {/* The band goes under the name when both do not fit on one line. */}
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{site.rank === null ? '–' : `#${site.rank}`}</Typography>
            <Box sx={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              <SiteName site={site} onOpen={onOpen} />
            </Box>
            <Box sx={{ flexShrink: 0 }}>
              <BandChip score={site.score} band={site.band} />
            </Box>
          </Stack>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {countsText(site)}
          </Typography>
          <Stack
            direction="row"
            sx={{ gap: 1, mt: 0.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography variant="body2">
              <Change change={site.change} />
            </Typography>
            <Trend name={site.name} trend={site.trend} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Ranking({ data, onOpen }: { data: AllSitesScoreList; onOpen: (site: SiteScore) => void }) {
  if (usePhone()) return <RankingCards data={data} onOpen={onOpen} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', width: '100%', minWidth: 760 }}
        aria-label="Sites ranked by score"
      >
        <thead>
          <tr>
            {['Rank', 'Site', 'Score', 'Due', 'On time', 'Late', 'Missed', 'Change', 'Trend'].map(
              (header) => (
                <Box component="th" key={header} scope="col" sx={{ ...cell, fontWeight: 600 }}>
                  {header}
                </Box>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {data.list.map((site) => (
            <tr key={site.siteID}>
              <Box component="td" sx={cell}>
                {site.rank ?? '–'}
              </Box>
              <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                <SiteName site={site} onOpen={onOpen} />
              </Box>
              <ScoreCells counts={site} />
              <Box component="td" sx={cell}>
                <Change change={site.change} />
              </Box>
              <Box component="td" sx={cell}>
                <Trend name={site.name} trend={site.trend} />
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** What an area is called: its name, or the words for the sites in none. */
const areaName = (area: AreaScore) => area.area?.name ?? noAreaLabel;
/** The value of `?area=` that shows an area's sites: its id, or NONE for the sites in no area. */
const areaValue = (area: AreaScore) => area.area?._id ?? 'NONE';
const sitesCount = (count: number) => `${count} ${count === 1 ? 'site' : 'sites'}`;

/** The area's name, opening its sites' ranking, and how many of the user's sites it holds. */
function AreaName({ area, onOpen }: { area: AreaScore; onOpen: (area: AreaScore) => void }) {
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={() => onOpen(area)}
        aria-label={`${areaName(area)}: its sites`}
        sx={{ textAlign: 'left' }}
      >
        {areaName(area)}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {sitesCount(area.sites)}
      </Typography>
    </>
  );
}

interface AreaRankingProps {
  areas: readonly AreaScore[];
  onOpen: (area: AreaScore) => void;
}

function AreaRankingCards({ areas, onOpen }: AreaRankingProps) {
  return (
    <Stack component="ol" spacing={1} sx={cardList} aria-label="Areas ranked by score">
      {areas.map((area) => (
        <Paper component="li" variant="outlined" key={areaValue(area)} sx={{ p: 1.5, minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{area.rank === null ? '–' : `#${area.rank}`}</Typography>
            <Box sx={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              <AreaName area={area} onOpen={onOpen} />
            </Box>
            <Box sx={{ flexShrink: 0 }}>
              <BandChip score={area.score} band={area.band} />
            </Box>
          </Stack>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {countsText(area)}
          </Typography>
          <Stack
            direction="row"
            sx={{ gap: 1, mt: 0.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <Typography variant="body2">
              <Change change={area.change} />
            </Typography>
            <Trend name={areaName(area)} trend={area.trend} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The areas ranked as the sites are, each scored from its sites' counts together; the sites in none last. */
function AreaRanking({ areas, onOpen }: AreaRankingProps) {
  if (usePhone()) return <AreaRankingCards areas={areas} onOpen={onOpen} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{ borderCollapse: 'collapse', width: '100%', minWidth: 760 }}
        aria-label="Areas ranked by score"
      >
        <thead>
          <tr>
            {['Rank', 'Area', 'Score', 'Due', 'On time', 'Late', 'Missed', 'Change', 'Trend'].map(
              (header) => (
                <Box component="th" key={header} scope="col" sx={{ ...cell, fontWeight: 600 }}>
                  {header}
                </Box>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {areas.map((area) => (
            <tr key={areaValue(area)}>
              <Box component="td" sx={cell}>
                {area.rank ?? '–'}
              </Box>
              <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                <AreaName area={area} onOpen={onOpen} />
              </Box>
              <ScoreCells counts={area} />
              <Box component="td" sx={cell}>
                <Change change={area.change} />
              </Box>
              <Box component="td" sx={cell}>
                <Trend name={areaName(area)} trend={area.trend} />
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

type Day = SiteScoreReport['list'][number];

/** The day's link to its tasks. */
function DayLink({ day, onDay, format }: { day: Day; onDay: (date: string) => void; format: SiteFormat }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={() => onDay(day.date)}
      aria-label={`Tasks of ${format.day(day.date)}`}
    >
      {format.day(day.date)}
    </Link>
  );
}

/** A site's days, each written as that site writes dates (`format`). */
interface SiteDaysProps {
  report: SiteScoreReport;
  onDay: (date: string) => void;
  format: SiteFormat;
}

function DayCards({ report, onDay, format }: SiteDaysProps) {
  return (
    <Stack component="ol" spacing={1} sx={cardList} aria-label={`Scores per day of ${report.name}`}>
      {[...report.list].reverse().map((day) => (
        <Paper component="li" variant="outlined" key={day.date} sx={{ p: 1.5, minWidth: 0 }}>
          <Stack
            direction="row"
            sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <DayLink day={day} onDay={onDay} format={format} />
            <BandChip score={day.score} band={day.band} />
          </Stack>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {countsText(day)} · {day.upcoming} not due yet
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

function SiteDays({ report, onDay, format }: SiteDaysProps) {
  const phone = usePhone();
  const scored = report.list.filter((day) => day.due > 0);
  return (
    <Stack spacing={2}>
      <Typography component="div">
        Over the range: <BandChip score={report.totals.score} band={report.totals.band} /> —{' '}
        {report.totals.due} due, {report.totals.onTime} on time, {report.totals.late} late,{' '}
        {report.totals.missed} missed.
      </Typography>
      {scored.length > 0 && (
        <Box role="img" aria-label={`Daily scores of ${report.name}`}>
          <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
            <DaysPlot days={report.list} format={format} />
          </Suspense>
        </Box>
      )}
      {phone ? (
        <DayCards report={report} onDay={onDay} format={format} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{ borderCollapse: 'collapse', width: '100%', minWidth: 560 }}
            aria-label={`Scores per day of ${report.name}`}
          >
            <thead>
              <tr>
                {['Day', 'Score', 'Due', 'On time', 'Late', 'Missed', 'Not due yet'].map((header) => (
                  <Box component="th" key={header} scope="col" sx={{ ...cell, fontWeight: 600 }}>
                    {header}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...report.list].reverse().map((day) => (
                <tr key={day.date}>
                  <Box component="th" scope="row" sx={{ ...cell, fontWeight: 400 }}>
                    <DayLink day={day} onDay={onDay} format={format} />
                  </Box>
                  <ScoreCells counts={day} />
                  <Box component="td" sx={numberCell}>
                    {day.upcoming}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </Stack>
  );
}

const loadingRows = (
  <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading the scores">
    {[0, 1, 2].map((row) => (
      <Skeleton key={row} variant="rounded" height={44} />
    ))}
  </Stack>
);

/** `/dashboard/reports`: the ranking, or with `?site=` one site's days. */
export function SiteScoresScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const siteID = params.get('site');
  // The ranking of the areas rather than of the sites; and the sites of one area (its id, or NONE).
  const byArea = params.get('by') === 'area';
  const areaID = params.get('area') || null;
  // Task dates are each site's own: the ranking's range ends on today's UTC date, as the API's default.
  const dates = useDateRange({ defaultDays: scoreDefaultDays, timeZone: 'UTC' });
  const { range } = dates;
  const ranking = useRead(
    siteID ? null : ['ScoreReport', 'sites', range.startDate, range.endDate, areaID],
    reportRead((signal) =>
      scoreApi.allSites(
        { startDate: range.startDate, endDate: range.endDate, ...(areaID ? { areaID } : {}) },
        { signal, quiet: true },
      ),
    ),
  );
  const days = useRead(
    siteID ? ['ScoreReport', 'days', siteID, range.startDate, range.endDate] : null,
    reportRead((signal) =>
      scoreApi.siteDays(
        { siteID: siteID ?? '', startDate: range.startDate, endDate: range.endDate },
        { signal, quiet: true },
      ),
    ),
  );
  useDocumentTitle(siteID ? (days.data ? `${days.data.name} · Site scores` : 'Site scores') : 'Site scores');
  // The site whose days show, as the site list (which the layout loads) has it.
  const siteOption = useSiteOption(siteID);
  // A site's days are written as that site writes dates (month first at an American site), whichever site
  // is selected; the ranking, of every site, as the selected site does. The person's own format wins.
  const format = useSiteFormatOf(siteID);

  const open = (site: SiteScore) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('site', site.siteID);
      return next;
    });
  const back = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('site');
      return next;
    });
  // The ranking's own choices (which ranking, which area's sites), the range kept.
  const rankBy = (change: { by?: 'area'; area?: string }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['by', 'area'] as const) {
        const value = change[key];
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const openArea = (area: AreaScore) => rankBy({ area: areaValue(area) });
  const shownArea = ranking.data?.areas.find((area) => areaValue(area) === areaID);
  const comparesAreas = (ranking.data?.areas.length ?? 0) > 0;
  const openDay = (date: string) => {
    if (!siteID) return;
    // The tasks remote reads the selected site, and writes its records in that site's unit and date
    // format: chosen from the site list, which holds them, when the site is in it.
    if (siteOption) selectedSite.select(siteOption);
    else selectedSite.prefer(siteID);
    navigate(`/dashboard/task?taskListDate=${date}`);
  };

  const heading = siteID ? (days.data?.name ?? 'Site scores') : 'Site scores';
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {heading}
        </Typography>
        <Typography color="text.secondary">
          {rangeWords(range, format)} · 100 × (on time + ½ late) ÷ due; good from 96, poor at 75 and below
        </Typography>
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <DateRangeChooser state={dates} id="report-dates" locale={format.locale} />
        {siteID && (
          <Button onClick={back} variant="outlined">
            All sites
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {siteID ? (
          days.loading ? (
            loadingRows
          ) : days.data ? (
            <SiteDays report={days.data} onDay={openDay} format={format} />
          ) : (
            <EmptyState
              message="The site’s scores could not be loaded."
              action={<Button onClick={days.reload}>Retry</Button>}
            />
          )
        ) : ranking.loading ? (
          loadingRows
        ) : ranking.data === undefined ? (
          <EmptyState
            message="The scores could not be loaded."
            action={<Button onClick={ranking.reload}>Retry</Button>}
          />
        ) : ranking.data.list.length === 0 && !areaID ? (
          <EmptyState message="No sites yet. Add a site under Sites, schedule its tasks, and its score shows here." />
        ) : (
          <Stack spacing={2}>
            {ranking.data.totals.due === 0 && (
              <Typography color="text.secondary">
                No task was due in these dates. Schedule tasks under Tasks, or choose other dates.
              </Typography>
            )}
            {comparesAreas && (
              <Tabs
                value={byArea ? 'area' : 'site'}
                onChange={(_event, value: string) => rankBy(value === 'area' ? { by: 'area' } : {})}
                aria-label="Rank"
              >
                <Tab value="site" label="By site" />
                <Tab value="area" label="By area" />
              </Tabs>
            )}
            {byArea && comparesAreas ? (
              <AreaRanking areas={ranking.data.areas} onOpen={openArea} />
            ) : (
              <>
                {areaID && (
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography>
                      {`Area: ${shownArea ? areaName(shownArea) : areaID === 'NONE' ? noAreaLabel : 'one of the organisation’s'}`}
                    </Typography>
                    <Button size="small" onClick={() => rankBy({})}>
                      Show every site
                    </Button>
                  </Stack>
                )}
                {ranking.data.list.length === 0 ? (
                  <EmptyState message="None of your sites is in this area." />
                ) : (
                  <Ranking data={ranking.data} onOpen={open} />
                )}
              </>
            )}
            <Typography variant="body2" color="text.secondary">
              {areaID ? 'The listed sites' : 'All listed sites'}:{' '}
              {scoreText(ranking.data.totals.score, ranking.data.totals.band)}, {ranking.data.totals.due} due.
              Change is against{' '}
              {rangeWords(
                { startDate: ranking.data.previousStartDate, endDate: ranking.data.previousEndDate },
                format,
              )}
              .
            </Typography>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function rangeWords(range: LocalDateRange, format: SiteFormat) {
  return `${format.day(range.startDate)} to ${format.day(range.endDate)}`;
}
