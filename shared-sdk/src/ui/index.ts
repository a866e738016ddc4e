// `@console/shared-sdk/ui`: the resource kit. A separate entry from the SDK's main one because it pulls in
// MUI X, which the login page must not download.

// A list screen as a declaration.
export * from './declarations.js';
export { ResourceScreen, resourceKey, type ResourceScreenProps } from './ResourceScreen.js';

// A list's pieces for screens with a layout of their own, and one record as a modal or a page. The grid is
// the kit's own MUI X DataGrid (one copy for every container), for `useResourceGrid`'s `gridProps`.
export { DataGrid, type GridColDef } from '@mui/x-data-grid';
export {
  useResourceGrid,
  type ResourceGrid,
  type ResourceGridOptions,
  type RowSelection,
} from './use-resource-grid.js';
export {
  DetailDialog,
  ResourceDetail,
  useDeclaredRecord,
  viewEntries,
  type DetailResource,
  type LoadedRecord,
  type ResourceDetailProps,
} from './ResourceDetail.js';
export { readModal, useModalLocation, type ModalLocation, type ModalTarget } from './use-modal-location.js';
export { useActionRunner, type ActionRunner } from './actions.js';
export { addDays, dayLabel, isDay, todayIn } from './days.js';

// The two hooks the screen is built on, for screens that need their own layout.
export {
  useResourceList,
  type ListAnswer,
  type ResourceList,
  type ResourceListOptions,
} from './use-resource-list.js';
export {
  useModalForm,
  formErrorStatuses,
  issuesToErrors,
  serverFieldErrors,
  errorsUnder,
  type FieldErrors,
  type ModalForm,
  type ModalFormOptions,
} from './use-modal-form.js';
export {
  applyListPage,
  changeListQuery,
  initialListQuery,
  isNarrowed,
  modelFromSort,
  pageSizeOptions,
  readListQuery,
  sortFromModel,
  toListParams,
  writeListQuery,
  type FilterValue,
  type FilterValues,
  type ListQuery,
  type ListQueryChange,
  type ListUrlScheme,
  type UrlListQuery,
} from './list-query.js';

// The pieces, for screens that are not plain lists.
export { FieldInput, FileInput } from './lazy-fields.js';
export type { FieldInputProps } from './FieldInput.js';
export type { FileInputProps } from './FileInput.js';
export {
  acceptedTypes,
  chosenFilesAsStored,
  formatSize,
  isAccepted,
  isStoredFile,
  storedFiles,
  uploadChosenFiles,
} from './files.js';
export {
  ConfirmDialog,
  EntryList,
  FormDialog,
  PhotoDialog,
  ScrollableContent,
  ShownOnceDialog,
  ViewDialog,
  displayValue,
  type ConfirmDialogProps,
  type CopyDeclaration,
  type FormDialogProps,
  type ViewDialogProps,
  type ViewEntry,
} from './dialogs.js';
export { ResourceCards, type ResourceCardsProps } from './ResourceCards.js';
export { SearchField, type SearchFieldProps } from './SearchField.js';
export { EmptyState, ErrorState } from './states.js';
export { AutoDirText, LtrText } from '../text/direction.js';
export {
  useOptions,
  optionLabel,
  namedOption,
  withOwnOptions,
  siteOptionsWithOwn,
  useSiteBoundOptions,
  type SiteBoundChoice,
  type SiteBoundChoices,
  type SiteBoundOptions,
} from './options.js';
export { SiteTime, useSiteTimeZone, useDraft, type LocalKind } from './site-dates.js';
export { siteFormat, useSiteFormat, type SiteFormat, type SiteWriting } from './site-format.js';
export { rulesOfSiteOption, useSiteFormatOf, useSiteOption, useSiteRuleSet } from './site-rules.js';
export { celsiusToSend, TemperatureInput, type TemperatureInputProps } from './temperature-input.js';
export { DateRangeFilter, SitePicker } from './pickers.js';
export type { DateRange, DateRangeFilterProps, SitePickerProps } from './SitePickers.js';
export {
  StatusChip,
  dashboardColors,
  taskProgressStates,
  type ProgressStyle,
  type StatusChipProps,
  type TaskProgress,
} from './status.js';
export { HistoryList, type HistoryListProps, type ShownHistoryEntry } from './history-list.js';
