// The frame every resource page is built on (issue 11; docs/resource-pages.md is the recipe).
export { ChoiceFilter } from './choice-filter';
export { ConflictAlert } from './conflict-alert';
export { DateRangeFilter, type DateRange } from './date-range-filter';
export { DetailDrawer } from './detail-drawer';
export { DetailFacts, DetailTable, type DetailColumn } from './detail-sections';
export { DiscardChangesPopup } from './discard-changes-popup';
export { ExportButton } from './export-button';
export { FormShell, type FormShellVariant } from './form-shell';
export { FormNumberField, numberOf } from './form-number-field';
export { FormTextField } from './form-text-field';
export { LastChanged, type Audited } from './last-changed';
export { ResourceFormDialog } from './resource-form-dialog';
export { ResourceListPage, type Deletion, type FormRenderProps } from './resource-list-page';
export { ResourceTable, type ResourceColumn, type TablePaging, type TableSorting } from './resource-table';
export { DeleteRowButton, EditRowButton, OpenRowButton } from './row-actions';
export { SearchField } from './search-field';
export { SiteFilter, type SiteValue } from './site-filter';
export { useTableQuery } from './use-table-query';
