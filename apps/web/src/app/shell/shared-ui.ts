// The UI code nearly every signed-in page uses, named here so that it is part of the shell's chunk (issue 11
// point 5; docs/decisions.md, "Cold start"). The shell is always loaded before a page, so its chunk is where Rollup
// puts what it holds; without this, the resource frame and the form kit came as about fifteen small chunks that a
// cold start fetched a few at a time (six HTTP/1.1 connections, from a server sharing the machine's two cores).
// What the sign-in bundle holds stays there. Date pickers and other heavy parts are left to the pages that use them.
// Nothing imports this module's exports; the shell's index re-exports it as a namespace so none is dropped.
export { useController, useForm, useFormState, useWatch } from 'react-hook-form';
export { zodResolver } from '@hookform/resolvers/zod';
export { default as Autocomplete } from '@mui/material/Autocomplete';
export { default as AlertTitle } from '@mui/material/AlertTitle';
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as Tab } from '@mui/material/Tab';
export { default as Tabs } from '@mui/material/Tabs';
export { default as Switch } from '@mui/material/Switch';
export { default as FormGroup } from '@mui/material/FormGroup';
export { default as DialogContentText } from '@mui/material/DialogContentText';
export { ChoiceFilter } from '../../components/resource/choice-filter';
export { ConflictAlert } from '../../components/resource/conflict-alert';
export { DetailDrawer } from '../../components/resource/detail-drawer';
export { DetailFacts, DetailTable } from '../../components/resource/detail-sections';
export { DiscardChangesPopup } from '../../components/resource/discard-changes-popup';
export { ExportButton } from '../../components/resource/export-button';
export { FoodcourtFilter } from '../../components/resource/foodcourt-filter';
export { FormShell } from '../../components/resource/form-shell';
export { FormNumberField } from '../../components/resource/form-number-field';
export { FormTextField } from '../../components/resource/form-text-field';
export { LastChanged } from '../../components/resource/last-changed';
export { ResourceFormDialog } from '../../components/resource/resource-form-dialog';
export { ResourceListPage } from '../../components/resource/resource-list-page';
export { ResourceTable } from '../../components/resource/resource-table';
export { DeleteRowButton, EditRowButton, OpenRowButton } from '../../components/resource/row-actions';
export { SearchField } from '../../components/resource/search-field';
export { SiteFilter } from '../../components/resource/site-filter';
export { useTableQuery } from '../../components/resource/use-table-query';
export { CopyIdButton } from '../../components/copy-id-button';
export { FormDirtyGuard } from '../../components/form-dirty-guard';
export { classifySaveFailure } from '../../lib/save-failure';
export { GenericDialog } from '../../components/generic-dialog';
export { makeResourceApi } from '../../lib/resource-api';
// Core modules most pages' api modules use (money and id fields, the list queries, sign-in types).
export { LOCATION_SORT, LOGIN_TYPES, MONEY_MAX } from '@cd/core';
