import { Box, Chip, Link, Stack, Tooltip, Typography } from '@console/shared-sdk/mui';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from '@console/shared-sdk/router';
import { selectedSite, siteChoices, siteLabel, useAbility, type SubjectName } from '@console/shared-sdk';
import { scoreBandLabels, type ScoreBand } from '@console/shared-sdk/reports';
import type { PortfolioSite } from '@console/shared-sdk/sites';
import { consoleIcons } from '@console/shared-sdk/icons';
import { LtrText, useSiteFormat } from '@console/shared-sdk/ui';
import { useSiteDashboard } from '../../app/RemoteRoutes';
import { useAllSitesView } from './dashboard-view';
import { hoursStatus, todaysHours } from './hours';

// A site's day as the overview shows it, one figure at a time: what it counts, how it reads, and the list
// it opens for that site (the link chooses the site, which every site-scoped list follows). The grid's
// columns, the phone's cards and the totals are all made of these.

/** The time "open now" is read at, one for the whole overview, moving on every minute. */
const NowContext = createContext<Date | null>(null);

export function MinuteClock({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

const useNow = () => useContext(NowContext) ?? new Date();

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const bandColors: Record<ScoreBand, 'success' | 'warning' | 'error'> = {
  GREEN: 'success',
  AMBER: 'warning',
  RED: 'error',
};

/** One figure of a site's day: what it counts, how it reads, and the list it opens. */
export interface Figure {
  key: string;
  /** The list's subject: without read access the figure shows, unlinked. */
  subject: SubjectName;
  /** How the figure reads in its cell. */
  text(site: PortfolioSite): ReactNode;
  /**
   * What the link says to a screen reader, naming the site: it begins with the words shown ("12 overdue
   * corrective actions at …"), so that a person who speaks what they see names the link.
   */
  label(site: PortfolioSite): string;
  to(site: PortfolioSite): string;
  /** Something to act on now: red, bold and marked, so that it shows without its colour too. */
  alarming?(site: PortfolioSite): boolean;
  /** Its words say what it is ("12 overdue"), so bold red needs no mark beside it; a bare number has one. */
  worded?: boolean;
  /** Muted: nothing to see. */
  quiet?(site: PortfolioSite): boolean;
  /** For a column of several figures: whether it counts anything at this site (else it is left out). */
  count?(site: PortfolioSite): number;
}

/**
 * A column of the overview: one figure, or two stacked in one cell, each shown only while it counts
 * something, and `none` in their place when none does. `field` is the contract's sort column.
 */
export interface FigureColumn {
  field: string;
  /** Short, to fit a dense column; with `more` after it, it says what the column is. */
  header: string;
  /** The rest of what the column is, after `header`: its tooltip and, to a screen reader, its name. */
  more: string;
  figures: readonly Figure[];
  none?: Figure;
  /** The narrowest the column may be (it shares the rest of the width with the others). */
  minWidth: number;
}

function shownFigures(column: FigureColumn, site: PortfolioSite): readonly Figure[] {
  if (column.figures.length === 1) return column.figures;
  const counting = column.figures.filter((figure) => (figure.count?.(site) ?? 1) > 0);
  return counting.length > 0 || !column.none ? counting : [column.none];
}

/**
 * A column's cell: its figure, or its figures one under another, at the end of a grid's cell (numbers line
 * up on the right) or at the start of a card's line. The score's chip follows the same side.
 */
export function FigureCell({
  column,
  site,
  align = 'end',
}: {
  column: FigureColumn;
  site: PortfolioSite;
  align?: 'start' | 'end';
}) {
  const side = align === 'end' ? 'flex-end' : 'flex-start';
  return (
    <Stack sx={{ alignItems: side, '--figure-align': side }}>
      {shownFigures(column, site).map((figure) => (
        <FigureLink key={figure.key} figure={figure} site={site} />
      ))}
    </Stack>
  );
}

/**
 * The site as the site selector keeps it: its option in the selector's list, else what the portfolio says,
 * which carries the unit and the locale the site's screens write in too.
 */
export const chosenSite = (site: PortfolioSite) =>
  siteChoices.get().sites.find((option) => option._id === site.siteID) ?? {
    _id: site.siteID,
    name: site.name,
    location: site.location,
    timeZoneId: site.timeZoneId,
    temperatureUnit: site.temperatureUnit,
    locale: site.locale,
  };

/**
 * At least the 24 × 24 px a pointer or a finger needs to hit (WCAG 2.2, target size): a figure is often one
 * digit, which as bare text made a link 10 px wide and 19 px high.
 */
export const targetSx = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 0.25,
  minWidth: 24,
  minHeight: 24,
  whiteSpace: 'nowrap',
} as const;

/** The mark of a figure to act on now, beside its red: it shows to those who cannot tell red apart. */
const AlarmIcon = consoleIcons.warning;
export const AlarmMark = () => <AlarmIcon aria-hidden sx={{ fontSize: 16 }} />;

/** A figure as a link to its list, which opens for the figure's site. */
export function FigureLink({ figure, site }: { figure: Figure; site: PortfolioSite }) {
  const ability = useAbility();
  const alarming = figure.alarming?.(site) ?? false;
  const sx = {
    ...targetSx,
    fontWeight: alarming ? 700 : 400,
    color: alarming ? 'error.main' : figure.quiet?.(site) ? 'text.secondary' : undefined,
  };
  const content = (
    <>
      {alarming && !figure.worded && <AlarmMark />}
      {figure.text(site)}
    </>
  );
  if (!ability.can('read', figure.subject))
    return (
      <Box component="span" sx={sx} title={figure.label(site)}>
        {content}
      </Box>
    );
  return (
    <Link
      component={RouterLink}
      to={figure.to(site)}
      onClick={() => selectedSite.select(chosenSite(site))}
      aria-label={figure.label(site)}
      underline="hover"
      sx={sx}
    >
      {content}
    </Link>
  );
}

/** A line that never wraps: cut with an ellipsis, its whole text a tooltip. */
const oneLine = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
} as const;

/** How a site stands now on its own clock: "Open now · closes at 23:00", with today's hours. */
function useHoursNow(site: PortfolioSite) {
  // Each site's hours on its own clock: "8:00 AM–11:00 PM" in New York, "08:00–23:00" in London.
  const format = useSiteFormat({ unit: site.temperatureUnit, zone: site.timeZoneId, locale: site.locale });
  const today = todaysHours(site.timing, site.timeZoneId, format, useNow());
  return { today, status: hoursStatus(today, format) };
}

/** Opens the site's dashboard (or, with none published, the sites screen) with the site chosen. */
export function useOpenSite() {
  const navigate = useNavigate();
  const siteDashboard = useSiteDashboard().remote !== null;
  const { setAllSites } = useAllSitesView();
  return (site: PortfolioSite) => {
    selectedSite.select(chosenSite(site));
    if (siteDashboard) setAllSites(false);
    else navigate('/dashboard/sites');
  };
}

/**
 * How a site stands now and where it is, in one short line: whether it is open now, then its area (or, in
 * none, its town), which ends in an ellipsis rather than wrapping; the tooltip says it whole, with today's
 * hours.
 */
export function SiteWhere({ site }: { site: PortfolioSite }) {
  const { today, status } = useHoursNow(site);
  const place = [site.location.city, site.location.country].filter(Boolean).join(', ');
  const where = site.area?.name ?? place;
  const whole = [
    status,
    today.hours === null ? 'Closed today' : today.hours,
    site.area ? `Area: ${site.area.name}` : null,
    place,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={oneLine} title={whole}>
      <Box component="span" sx={{ color: today.openNow ? 'success.main' : undefined }}>
        {today.openNow ? 'Open now' : 'Closed now'}
      </Box>
      {where ? ` · ${where}` : ''}
    </Typography>
  );
}

/** The site in two short lines: its name, opening its dashboard, then where it is and whether it is open. */
export function SiteCell({ site }: { site: PortfolioSite }) {
  const openSite = useOpenSite();
  const { status } = useHoursNow(site);
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Link
        component="button"
        type="button"
        underline="hover"
        title={site.name}
        sx={{ ...oneLine, fontWeight: 600, textAlign: 'start', minHeight: targetSx.minHeight }}
        aria-label={`${siteLabel(site)}: ${status}`}
        onClick={() => openSite(site)}
      >
        {site.name}
      </Link>
      <SiteWhere site={site} />
    </Box>
  );
}

/**
 * The week's score, coloured by its band, with the band's words: under it in a narrow column, beside it in
 * a line of words.
 */
export function ScoreChip({
  week,
  direction = 'column',
}: {
  week: Pick<PortfolioSite['week'], 'score' | 'band'>;
  direction?: 'row' | 'column';
}) {
  if (week.score === null || week.band === null)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Nothing due yet
      </Typography>
    );
  return (
    <Stack
      component="span"
      direction={direction}
      sx={{
        alignItems: direction === 'column' ? 'var(--figure-align, flex-end)' : 'center',
        columnGap: 0.5,
      }}
    >
      <Chip
        size="small"
        color={bandColors[week.band]}
        label={<LtrText>{week.score}</LtrText>}
        sx={{ cursor: 'inherit', fontWeight: 600 }}
      />{' '}
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {scoreBandLabels[week.band]}
      </Typography>
    </Stack>
  );
}

/** Said to a screen reader, not shown. */
// In pixels: the theme reads a bare 1 as 100 %, which would widen the grid behind a sideways scroll.
const unseen = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A column's header: its short words, on up to two lines, and the rest of what it is as a tooltip and, to a
 * screen reader, in its name ("Failed readings: today's temperature readings outside their limits"), which
 * begins with the words shown.
 */
export function ColumnHeader({ header, more }: { header: string; more: string }) {
  return (
    <Tooltip title={`${header}${more}`} describeChild>
      <Box
        component="span"
        sx={{
          whiteSpace: 'normal',
          lineHeight: 1.25,
          fontWeight: 'var(--unstable_DataGrid-headWeight)',
          overflowWrap: 'normal',
        }}
      >
        {header}
        <Box component="span" sx={unseen}>
          {more}
        </Box>
      </Box>
    </Tooltip>
  );
}
