// `@console/shared-sdk/report-kit`: the kit's pieces for screens over a period of dates (log lists,
// reports, checks): the range in the URL with its presets, and the cells of a compact table of figures.
// Not shared: every list screen downloads the whole shared kit, and the first list's budget has no room for
// what only these screens need, so a remote that shows them bundles them (about 1 KB). They reach the kit
// only through the shared entries (`@console/shared-sdk/ui`, the MUI and router facades).
export * from './date-range.js';
export * from './table-cells.js';
