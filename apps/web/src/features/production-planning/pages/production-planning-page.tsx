import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_PLAN_STATUSES, type ProductionPlan } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { useUrlState } from '../../../lib/url-state';
import { productionPlanApi, productionUrl } from '../api';
import { NewPlanDialog } from '../components/new-plan-dialog';
import { PlanEditor } from '../components/plan-editor';
import { PlanStatusChip } from '../components/plan-status-chip';
import { useSessionName } from '../components/session-name';

/**
 * /production_planning_menuMgmt (page productionPlanning, issue 20 point 5): a restaurant's production plans,
 * newest date first. New plan proposes a draft from the same weekday's sales of the past weeks and opens it; the
 * plan opens at `?edit=<id>` to adjust by hand, approve or reopen, and print the prep sheet.
 */
export function ProductionPlanningPage() {
  const { t } = useTranslation();
  const url = useUrlState(productionUrl);
  const { state, update } = url;
  const sessionName = useSessionName();

  const columns: ResourceColumn<ProductionPlan>[] = [
    {
      id: 'plan_date',
      header: t('productionPlanning.columns.date'),
      sortable: true,
      primary: true,
      cell: (p) => `${t(`productionPlanning.weekdays.${p.weekday}`)} ${p.plan_date}`,
    },
    {
      id: 'session',
      header: t('productionPlanning.columns.session'),
      sortable: true,
      primary: true,
      cell: (p) => sessionName(p.session),
    },
    {
      id: 'items',
      header: t('productionPlanning.columns.items'),
      align: 'right',
      cell: (p) => p.line_count,
    },
    {
      id: 'planned',
      header: t('productionPlanning.columns.planned'),
      align: 'right',
      cell: (p) => p.total_planned,
    },
    {
      id: 'status',
      header: t('productionPlanning.columns.status'),
      sortable: true,
      cell: (p) => <PlanStatusChip status={p.status} />,
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('productionPlanning.title')}
        intro={t('productionPlanning.intro')}
        api={productionPlanApi}
        url={url}
        enabled={Boolean(state.restaurant)}
        waitingFor={t('productionPlanning.pickRestaurant')}
        columns={columns}
        listLabel={t('productionPlanning.listLabel')}
        rowName={(p) => t('productionPlanning.rowName', { date: p.plan_date, session: sessionName(p.session) })}
        searchLabel={t('productionPlanning.search')}
        filters={
          <>
            <RestaurantPicker
              label={t('productionPlanning.restaurant')}
              value={state.restaurant}
              onChange={(restaurant) =>
                update({ restaurant, page: undefined, edit: undefined, action: undefined, dialog: undefined })
              }
            />
            <ChoiceFilter
              label={t('productionPlanning.columns.status')}
              value={state.status}
              values={PRODUCTION_PLAN_STATUSES}
              name={(s) => t(`productionPlanning.status.${s}`)}
              onChange={(next) => update({ status: next, page: undefined })}
            />
          </>
        }
        empty={t('productionPlanning.empty')}
        exportable={false}
        createLabel={t('productionPlanning.new')}
        canCreate={Boolean(state.restaurant)}
        editLabel={(p) => t('productionPlanning.openLabel', { date: p.plan_date, session: sessionName(p.session) })}
        deletion={{
          blockedBecause: (p) => (p.status === 'approved' ? t('productionPlanning.deleteApproved') : ''),
          title: () => t('productionPlanning.deleteTitle'),
          text: (p) => t('productionPlanning.deleteText', { date: p.plan_date, session: sessionName(p.session) }),
        }}
        renderForm={({ row, onClose }) =>
          row ? (
            <PlanEditor id={row.id} onClose={onClose} />
          ) : state.restaurant ? (
            <NewPlanDialog
              restaurant={state.restaurant}
              onClose={onClose}
              onProposed={(id) => update({ action: undefined, edit: String(id) })}
            />
          ) : null
        }
      />
    </Box>
  );
}
