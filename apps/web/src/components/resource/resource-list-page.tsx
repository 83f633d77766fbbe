import { useCallback, useState, type ReactNode } from 'react';
import { Add as AddIcon } from '../icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SortOrder } from '@cd/core';
import { listQueryOf, type ListUrlState } from '../../lib/list-url-state';
import type { ListApi, ListQuery } from '../../lib/resource-api';
import { shownColumns } from '../../lib/saved-views';
import { describeError } from '../../lib/server-message';
import { AlertPopup } from '../alert-popup';
import { ConfirmPopup } from '../confirm-popup';
import { useSnackbar } from '../snackbar';
import { ColumnsMenu } from './columns-menu';
import { ExportButton } from './export-button';
import { ResourceTable, type ResourceColumn } from './resource-table';
import { DeleteRowButton, EditRowButton, OpenRowButton } from './row-actions';
import { SavedViewsMenu } from './saved-views-menu';
import { SearchField } from './search-field';

type ListState = ListUrlState & Record<string, unknown>;
type Update = (patch: Partial<Record<string, unknown>>, options?: { replace?: boolean }) => void;

export type FormRenderProps<Row> = {
  /** The row edited; none when creating. */
  row?: Row;
  onClose: () => void;
  /** The saved copy afresh (after a conflict), or null when it is gone. */
  reload: () => Promise<Row | null>;
};

export type Deletion<Row> = {
  /** Why this row cannot be deleted ('' when it can): the button is off and says why. */
  blockedBecause?: (row: Row) => string;
  title: (row: Row) => string;
  text: (row: Row) => string;
  /** How a refused delete is explained (e.g. still in use); default: the server's message. */
  failure?: (error: unknown, row: Row) => { title?: string; text: string } | null;
};

type Props<Row> = {
  title: string;
  /** h1 for a page of its own; h2 when the list is a section of a page. */
  headingLevel?: 1 | 2;
  intro?: ReactNode;
  api: ListApi<Row>;
  /** The address (lib/list-url-state); filters the page adds are part of the list query. */
  url: { state: ListState; update: Update };
  /** Parts of the query the address does not hold (the restaurant a section belongs to). */
  fixedQuery?: ListQuery;
  enabled?: boolean;
  /**
   * What the list waits for while `enabled` is false, said in place of the rows ("Choose a restaurant to see its
   * stock."): the list is not asked for, so it is not "No items match".
   */
  waitingFor?: string;
  columns: ResourceColumn<Row>[];
  listLabel: string;
  /** A row's name for its actions' labels ("Edit <name>"). */
  rowName: (row: Row) => string;
  searchLabel?: string;
  /** Filter controls; a page resets `page` when it writes a filter. */
  filters?: ReactNode;
  /** Buttons of the page beside Export and the create button (a tool of the page, not of a row). */
  headerActions?: ReactNode;
  /** The create button's label; no button without it. */
  createLabel?: string;
  canCreate?: boolean;
  canEdit?: (row: Row) => boolean;
  /** The row's edit action when "Edit <name>" is not the word for it (a name-only row is renamed). */
  editLabel?: (row: Row) => string;
  deletion?: Deletion<Row>;
  /** More actions of a row; `open(name)` opens `?dialog=name` for it. */
  rowActions?: (row: Row, open: (dialog: string) => void) => ReactNode;
  renderForm: (props: FormRenderProps<Row>) => ReactNode;
  /**
   * A row's read-only detail, opened by `?view=<id>` (linkable, survives reload) from an Open action on each row:
   * `idOf` names what it shows (default the row's id; e.g. a refund's order), `render` draws it (a DetailDrawer).
   */
  detail?: {
    label: (row: Row) => string;
    idOf?: (row: Row) => string;
    render: (props: { id: string; onClose: () => void }) => ReactNode;
  };
  /** The other dialogs of a row (`?dialog=<name>&edit=<id>`), delete aside. */
  renderDialog?: (props: { row: Row; dialog: string; onClose: () => void }) => ReactNode;
  empty?: string;
  exportable?: boolean;
  /** The pager's page sizes when not core's LIST_PAGE_SIZES; give the same to the address (listUrlState). */
  pageSizes?: readonly number[];
  /**
   * Saved views (issue 36): the list they belong to. Default the page's path for a page's own list; a list that is
   * a section of a page (headingLevel 2) has none unless it names one (`/menu#categories`); false: no Views menu.
   */
  viewsKey?: string | false;
  /** The Columns menu (issue 36); false for a list whose columns must all show. */
  columnChoice?: boolean;
};

/**
 * The list page frame (issue 11): title and create button, search and filters, a server-paged sortable table
 * with row actions, empty and error states, delete confirmation, Export of the filtered rows, and the dialogs
 * opened from the address (`?edit=ID`, `?action=new`, `?dialog=NAME`), so each is linkable and survives reload.
 */
export function ResourceListPage<Row>(props: Props<Row>) {
  const { api, url, columns, rowName, renderForm } = props;
  const { state, update } = url;
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { pathname } = useLocation();
  const viewsKey = props.viewsKey ?? (props.headingLevel === 2 ? false : pathname);
  const columnIds = columns.map((c) => c.id);
  const shown = props.columnChoice === false ? null : shownColumns(state.columns, columnIds);
  const tableColumns = shown ? columns.filter((c) => shown.includes(c.id)) : columns;
  const query = { ...listQueryOf(state), ...props.fixedQuery };
  const list = api.useList(query, props.enabled ?? true);
  const rows = list.data?.rows ?? [];
  const idOf = (row: Row) => String(api.config.idOf(row));

  // ?edit=<id>: the row on the page shown, else looked up once the page has loaded without it.
  const onPage = rows.find((row) => idOf(row) === state.edit);
  const settled = list.isSuccess && !list.isPlaceholderData;
  const lookup = api.useOne(settled && !onPage ? state.edit : undefined, onPage, props.fixedQuery);
  const current = onPage ?? lookup.data ?? undefined;

  const remove = api.useDelete();
  const [failure, setFailure] = useState<{ title?: string; text: string } | null>(null);
  const close = useCallback(() => update({ edit: undefined, action: undefined, dialog: undefined }), [update]);
  const closeDetail = useCallback(() => update({ view: undefined, dialog: undefined }), [update]);
  const reload = async () => {
    if (!state.edit) return null;
    const fresh = await api.fetchOne(state.edit, undefined, props.fixedQuery ?? {});
    void list.refetch();
    return fresh;
  };

  const handleDelete = (row: Row) => {
    close();
    const version = (row as { version?: number }).version ?? 0;
    remove.mutate(
      { id: api.config.idOf(row), version },
      {
        onSuccess: (answer) => snackbar.show(answer?.message || t('resource.deleted'), 'success'),
        onError: (error) => setFailure(props.deletion?.failure?.(error, row) ?? { text: describeError(error, i18n) }),
      },
    );
  };

  const detail = props.detail;
  const actions = (row: Row) => (
    <>
      {detail && (
        <OpenRowButton
          label={detail.label(row)}
          onClick={() => update({ view: detail.idOf?.(row) ?? idOf(row), edit: undefined, dialog: undefined })}
        />
      )}
      {props.rowActions?.(row, (dialog) => update({ edit: idOf(row), dialog, action: undefined }))}
      {(props.canEdit?.(row) ?? true) && (
        <EditRowButton
          name={rowName(row)}
          label={props.editLabel?.(row)}
          onClick={() => update({ edit: idOf(row), action: undefined })}
        />
      )}
      {props.deletion && (
        <DeleteRowButton
          name={rowName(row)}
          blockedBecause={props.deletion.blockedBecause?.(row) ?? ''}
          disabled={remove.isPending}
          onClick={() => update({ edit: idOf(row), dialog: 'delete', action: undefined })}
        />
      )}
    </>
  );

  // An empty list under a search or filter says so; an empty resource says there is nothing yet.
  const notFilters = new Set(['page', 'page_size', 'sort', 'order', ...Object.keys(props.fixedQuery ?? {})]);
  const filtered = Object.keys(listQueryOf(state)).some((key) => !notFilters.has(key));
  const waiting = props.enabled === false && props.waitingFor;
  const empty = waiting || (filtered ? t('resource.noMatches') : (props.empty ?? t('resource.empty')));

  return (
    <Box component={props.headingLevel === 2 ? 'section' : 'div'} sx={{ mb: props.headingLevel === 2 ? 4 : 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography
          variant={props.headingLevel === 2 ? 'h5' : 'h4'}
          component={props.headingLevel === 2 ? 'h2' : 'h1'}
          sx={{ fontWeight: 700, flex: 1, minWidth: 200 }}
        >
          {props.title}
        </Typography>
        {props.headerActions}
        {viewsKey && (
          <SavedViewsMenu listKey={viewsKey} state={state} update={update} columnIds={columnIds} shown={shown} />
        )}
        {props.columnChoice !== false && columns.length > 1 && (
          <ColumnsMenu columns={columns} shown={shown} onChange={(next) => update({ columns: next?.join(',') })} />
        )}
        {props.exportable !== false && <ExportButton api={api} query={query} disabled={!list.isSuccess} />}
        {props.createLabel && props.canCreate !== false && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => update({ action: 'new', edit: undefined, dialog: undefined })}
          >
            {props.createLabel}
          </Button>
        )}
      </Box>
      {props.intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {props.intro}
        </Typography>
      )}
      {(props.searchLabel || props.filters) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          {props.searchLabel && (
            <SearchField
              label={props.searchLabel}
              value={state.search}
              onSearch={(search) => update({ search, page: undefined }, { replace: true })}
            />
          )}
          {props.filters}
        </Box>
      )}
      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('resource.retry')}
            </Button>
          }
        >
          {describeError(list.error, i18n)}
        </Alert>
      )}
      <ResourceTable
        label={props.listLabel}
        columns={tableColumns}
        rows={rows}
        rowKey={idOf}
        actions={actions}
        loading={list.isFetching}
        empty={empty}
        total={list.data?.total ?? 0}
        page={state.page}
        pageSize={state.page_size}
        pageSizes={props.pageSizes}
        onPage={(page) => update({ page })}
        onPageSize={(page_size) => update({ page_size, page: undefined })}
        sort={state.sort}
        order={state.order}
        onSort={(sort: string, order: SortOrder) => update({ sort, order, page: undefined })}
      />

      {state.action === 'new' &&
        !state.edit &&
        props.canCreate !== false &&
        renderForm({ onClose: close, reload: async () => null })}
      {current && !state.dialog && (
        <Box key={idOf(current)} sx={{ display: 'contents' }}>
          {renderForm({ row: current, onClose: close, reload })}
        </Box>
      )}
      {detail && typeof state.view === 'string' && (
        <Box key={state.view} sx={{ display: 'contents' }}>
          {detail.render({ id: state.view, onClose: closeDetail })}
        </Box>
      )}
      {current &&
        state.dialog &&
        state.dialog !== 'delete' &&
        props.renderDialog?.({ row: current, dialog: state.dialog, onClose: close })}
      <ConfirmPopup
        open={Boolean(current && state.dialog === 'delete' && props.deletion)}
        type="warning"
        title={current && props.deletion ? props.deletion.title(current) : ''}
        primaryText={current && props.deletion ? props.deletion.text(current) : ''}
        positiveLabel={t('resource.deleteConfirm')}
        negativeLabel={t('resource.cancel')}
        onPositive={() => current && handleDelete(current)}
        onNegative={close}
      />
      {state.edit && !current && lookup.isSuccess && (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={close}>
          {t('resource.notFound', { id: state.edit })}
        </Alert>
      )}
      <AlertPopup
        alertType="failure"
        alertTitle={failure?.title}
        alertPrimaryText={failure?.text ?? ''}
        onClose={() => setFailure(null)}
      />
    </Box>
  );
}
