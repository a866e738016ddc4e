import { FormControlLabel, Switch } from '@console/shared-sdk/mui';
import type { ListParams, ResourceApi } from '@console/shared-sdk';
import { scoreBandLabels, scoreBands, type ScoreBand } from '@console/shared-sdk/reports';
import {
  areaApi,
  correctiveActionStateLabels,
  noAreaLabel,
  portfolioSchema,
  portfolioSortColumns,
  sitesApi,
  type Portfolio,
  type PortfolioQuery,
  type PortfolioSite,
  type PortfolioSortColumn,
} from '@console/shared-sdk/sites';
import { defineResource, LtrText, type CustomFilterProps, type GridColDef } from '@console/shared-sdk/ui';
import {
  ColumnHeader,
  FigureCell,
  plural,
  ScoreChip,
  SiteCell,
  SiteWhere,
  type FigureColumn,
} from './portfolio-figures';

// The overview's list as a declaration on the kit: one row per site, a column per figure of its day, sorted,
// filtered, searched and paged by the API (GET /site-panel/portfolio), its query in the URL as every list's.

/** A site's day as a row of the kit, which knows a record by its `_id`. */
export type OverviewSite = PortfolioSite & { _id: string };

/** What the overview's filters put on the query, as the URL holds them (text). */
export interface OverviewFilters {
  /** An area's id, or NONE for the sites in no area. */
  areaID?: string;
  band?: string;
  needsAttention?: string;
}

const sortColumns = new Set<string>(portfolioSortColumns);
const isSort = (sort: string | undefined): sort is NonNullable<PortfolioQuery['sort']> =>
  sort !== undefined && sortColumns.has(sort.replace(/^-/, ''));
const isBand = (band: string | undefined): band is ScoreBand =>
  (scoreBands as readonly string[]).includes(band ?? '');

/** The list's query as the portfolio call takes it. */
export function toPortfolioQuery(params: ListParams & OverviewFilters): PortfolioQuery {
  const { search, sort, page, limit, areaID, band, needsAttention } = params;
  return {
    ...(search ? { search } : {}),
    ...(isSort(sort) ? { sort } : {}),
    page,
    limit,
    ...(areaID ? { areaID } : {}),
    ...(isBand(band) ? { band } : {}),
    ...(needsAttention === 'true' ? { needsAttention: true } : {}),
  };
}

/**
 * The portfolio as the kit's list: its rows keyed by their site, and its totals and areas on the answer
 * too, which `summaryOf` reads back.
 */
export const overviewApi: ResourceApi<OverviewSite, never, never, OverviewFilters> = {
  list: async (params, options) => {
    const portfolio = await sitesApi.portfolio(toPortfolioQuery(params), options);
    return { ...portfolio, list: portfolio.list.map((site) => ({ ...site, _id: site.siteID })) };
  },
};

const summarySchema = portfolioSchema.pick({ totals: true, areas: true });
export type PortfolioSummary = Pick<Portfolio, 'totals' | 'areas'>;

/** The totals of every matching site and of each area that the list's answer carried, once it has one. */
export function summaryOf(answer: unknown): PortfolioSummary | null {
  const parsed = summarySchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** The site's corrective actions screen, filtered as its list keeps its filters in its URL. */
const actionsLink = (siteID: string, filter: Record<string, string> = {}) =>
  `/dashboard/correctiveAction?${new URLSearchParams({ ...filter, siteID }).toString()}`;

const awaiting = `${correctiveActionStateLabels.OPEN.toLowerCase()} or ${correctiveActionStateLabels.ACTION_RECORDED.toLowerCase()}`;

/**
 * The figure columns, in the order the eye needs them: today's work, what went wrong, what is waiting. A
 * header is short to fit a dense column; `more` says the rest, in its tooltip and to a screen reader.
 */
export const figureColumns: readonly FigureColumn[] = [
  {
    field: 'tasks',
    header: 'Tasks done',
    more: ' today, of those due today',
    minWidth: 92,
    figures: [
      {
        key: 'tasks',
        subject: 'Task',
        text: ({ tasks }) => <LtrText>{`${tasks.done} of ${tasks.due}`}</LtrText>,
        label: ({ tasks, name }) =>
          `${tasks.done} of ${plural(tasks.due, 'task', 'tasks')} done today at ${name}`,
        to: ({ date }) => `/dashboard/task?taskListDate=${date}`,
        quiet: ({ tasks }) => tasks.due === 0,
      },
    ],
  },
  {
    field: 'overdue',
    header: 'Overdue',
    more: ": today's tasks expired and not done",
    minWidth: 106,
    figures: [
      {
        key: 'overdue',
        subject: 'Task',
        text: ({ tasks }) => tasks.overdue,
        label: ({ tasks, name }) => `${plural(tasks.overdue, 'task', 'tasks')} overdue today at ${name}`,
        to: ({ date }) => `/dashboard/task?taskListDate=${date}&status=INCOMPLETE`,
        alarming: ({ tasks }) => tasks.overdue > 0,
        quiet: ({ tasks }) => tasks.overdue === 0,
      },
    ],
  },
  {
    field: 'temperatureFailures',
    header: 'Failed readings',
    more: ": today's temperature readings outside their limits",
    minWidth: 106,
    figures: [
      {
        key: 'temperatureFailures',
        subject: 'TemperatureLog',
        text: (site) => site.temperatureFailures,
        label: ({ temperatureFailures, name }) =>
          `${plural(temperatureFailures, 'failed temperature reading', 'failed temperature readings')} today at ${name}`,
        to: ({ date }) => `/dashboard/temperatureLog?result=FAIL&startDate=${date}&endDate=${date}`,
        alarming: (site) => site.temperatureFailures > 0,
        quiet: (site) => site.temperatureFailures === 0,
      },
    ],
  },
  {
    field: 'sensorsOffline',
    header: 'Sensors offline',
    more: ' now: wireless sensors not reporting',
    minWidth: 102,
    figures: [
      {
        key: 'sensorsOffline',
        subject: 'Sensor',
        text: (site) => site.sensorsOffline,
        label: ({ sensorsOffline, name }) =>
          `${plural(sensorsOffline, 'sensor', 'sensors')} offline now at ${name}`,
        to: () => '/dashboard/sensors',
        alarming: (site) => site.sensorsOffline > 0,
        quiet: (site) => site.sensorsOffline === 0,
      },
    ],
  },
  {
    field: 'actionsOpen',
    header: 'Actions open',
    more: `: corrective actions ${awaiting}, and how many of them are overdue`,
    minWidth: 104,
    figures: [
      {
        key: 'actionsOpen',
        subject: 'CorrectiveAction',
        count: (site) => site.actionsOpen,
        text: (site) => site.actionsOpen,
        label: ({ actionsOpen, name }) =>
          `${plural(actionsOpen, 'corrective action', 'corrective actions')} ${awaiting} at ${name}`,
        to: ({ siteID }) => actionsLink(siteID),
      },
      {
        key: 'actionsOverdue',
        subject: 'CorrectiveAction',
        count: (site) => site.actionsOverdue,
        text: (site) => <LtrText>{`${site.actionsOverdue} overdue`}</LtrText>,
        worded: true,
        label: ({ actionsOverdue, name }) =>
          `${actionsOverdue} overdue ${actionsOverdue === 1 ? 'corrective action' : 'corrective actions'} at ${name}`,
        to: ({ siteID }) => actionsLink(siteID, { overdue: 'true' }),
        alarming: () => true,
      },
    ],
    none: {
      key: 'noActions',
      subject: 'CorrectiveAction',
      text: () => 0,
      label: ({ name }) => `0 corrective actions to do or to verify at ${name}`,
      to: ({ siteID }) => actionsLink(siteID),
      quiet: () => true,
    },
  },
  {
    field: 'openNearMisses',
    header: 'Near misses',
    more: ' reported or under investigation',
    minWidth: 94,
    figures: [
      {
        key: 'openNearMisses',
        subject: 'NearMiss',
        text: (site) => site.openNearMisses,
        label: ({ openNearMisses, name }) =>
          `${plural(openNearMisses, 'near miss', 'near misses')} open at ${name}`,
        to: () => '/dashboard/nearMiss',
        alarming: (site) => site.openNearMisses > 0,
        quiet: (site) => site.openNearMisses === 0,
      },
    ],
  },
  {
    field: 'documents',
    header: 'Documents',
    more: ' expired, and documents expiring within 30 days',
    minWidth: 124,
    figures: [
      {
        key: 'documentsExpired',
        subject: 'Document',
        count: (site) => site.documentsExpired,
        text: (site) => <LtrText>{`${site.documentsExpired} expired`}</LtrText>,
        worded: true,
        label: ({ documentsExpired, name }) =>
          `${documentsExpired} expired ${documentsExpired === 1 ? 'document' : 'documents'} at ${name}`,
        to: () => '/dashboard/documentmanagement?expiry=EXPIRED',
        alarming: () => true,
      },
      {
        key: 'documentsExpiring',
        subject: 'Document',
        count: (site) => site.documentsExpiring,
        text: (site) => <LtrText>{`${site.documentsExpiring} expiring`}</LtrText>,
        label: ({ documentsExpiring, name }) =>
          `${documentsExpiring} expiring ${documentsExpiring === 1 ? 'document' : 'documents'}, within 30 days, at ${name}`,
        to: () => '/dashboard/documentmanagement?expiring=30',
      },
    ],
    none: {
      key: 'noDocuments',
      subject: 'Document',
      text: () => 0,
      label: ({ name }) => `0 documents expired or expiring within 30 days at ${name}`,
      to: () => '/dashboard/documentmanagement',
      quiet: () => true,
    },
  },
  {
    field: 'score',
    header: 'This week',
    more: "'s score (Monday to Sunday, of what is due so far) and its band",
    minWidth: 128,
    figures: [
      {
        key: 'week',
        subject: 'ScoreReport',
        text: ({ week }) => <ScoreChip week={week} />,
        label: ({ week, name }) =>
          week.score === null || week.band === null
            ? `Nothing due yet this week at ${name}`
            : `${week.score} ${scoreBandLabels[week.band]}, this week's score at ${name}`,
        to: ({ siteID }) => `/dashboard/reports?site=${siteID}`,
      },
    ],
  },
];

/**
 * Every column shares the width by `flex` and never goes below its `minWidth`: the site's 180 px and the
 * figures' add up to 1,036 px, inside the 1,094 px a 1440 px window leaves beside the open side menu, so the
 * whole row shows with no sideways scroll (the cells' padding is 6 px a side and the headers have no column
 * menu, see DashboardPage). A figure's column is as wide as its longest words ("12 overdue" in bold) and its
 * header's longest word beside the sort arrow ("Documents"); the site takes what is left. A site's name and
 * its second line end in an ellipsis rather than wrapping; a figure never wraps.
 */
const columns: GridColDef<OverviewSite>[] = [
  {
    field: 'name',
    headerName: 'Site',
    renderHeader: () => (
      <ColumnHeader
        header="Site"
        more=": its name, its area (or, in none, its town) and whether it is open now"
      />
    ),
    flex: 3,
    minWidth: 180,
    renderCell: ({ row }) => <SiteCell site={row} />,
  },
  ...figureColumns.map((column): GridColDef<OverviewSite> => ({
    field: column.field,
    headerName: column.header,
    renderHeader: () => <ColumnHeader header={column.header} more={column.more} />,
    flex: 1,
    minWidth: column.minWidth,
    align: 'right',
    headerAlign: 'right',
    // Most first: a figure is sorted to find where to look.
    sortingOrder: ['desc', 'asc', null],
    renderCell: ({ row }) => <FigureCell column={column} site={row} />,
  })),
];

/** "Needs attention" on its own: the sites with something to look at now. */
function NeedsAttentionFilter({ value, onChange }: CustomFilterProps) {
  return (
    <FormControlLabel
      label="Needs attention"
      control={
        <Switch
          checked={value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : undefined)}
        />
      }
    />
  );
}

/** The organisation's areas to filter by, and the sites in none. */
const areaOptions = async () => [...(await areaApi.simpleList()), { value: 'NONE', label: noAreaLabel }];

export const overview = defineResource({
  title: 'Sites',
  name: 'site',
  subject: 'Site',
  api: overviewApi,
  // Every site the user may see, whichever is selected.
  siteScoped: false,
  recordLabel: (site: OverviewSite) => site.name,
  sortable: portfolioSortColumns,
  defaultSort: '-attention' satisfies `-${PortfolioSortColumn}`,
  defaultLimit: 25,
  search: { placeholder: 'Search sites or areas' },
  actions: { view: false, create: false, edit: false, delete: false },
  filters: [
    { kind: 'select', name: 'areaID', label: 'Area', allLabel: 'All areas', options: areaOptions },
    {
      kind: 'select',
      name: 'band',
      label: "This week's band",
      allLabel: 'All bands',
      options: scoreBands.map((band) => ({ value: band, label: scoreBandLabels[band] })),
    },
    {
      kind: 'custom',
      name: 'needsAttention',
      label: 'Needs attention',
      render: (props) => <NeedsAttentionFilter {...props} />,
      chip: () => 'Needs attention',
    },
  ],
  columns,
  card: [
    { label: 'Where', render: (site) => <SiteWhere site={site} /> },
    ...figureColumns.map((column) => ({
      label: column.header,
      render: (site: OverviewSite) => <FigureCell column={column} site={site} align="start" />,
    })),
  ],
});
