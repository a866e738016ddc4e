// The cells of a compact table of figures (a report's ranking, a check's counts): a plain table, for the
// few screens whose small tables do not need the DataGrid, with the theme's divider under each row.

/** A cell's `sx`: `<Box component="td" sx={compactCell}>`; a header adds its own font weight. */
export const compactCell = {
  px: 1,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  textAlign: 'left',
  verticalAlign: 'middle',
} as const;

/** The same for a number: right-aligned, so the digits line up. */
export const compactNumberCell = { ...compactCell, textAlign: 'right' } as const;
