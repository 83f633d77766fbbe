import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { SAP_LINE_KINDS, type SapRuleView } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { RuleFormDialog } from '../components/rule-form-dialog';
import { PostingPreview } from '../components/posting-preview';
import { formatTime } from '../format';
import { ruleApi } from '../sap-api';
import { rulesUrl } from '../url';
import { useSites } from '../use-sites';

/**
 * /sap-inflow (page sapInflow; issue 15): the posting rules that give each line of a day's posting its GL
 * account, cost centre, profit centre and tax code (matched by priority, then the most conditions), edited in
 * the frame's dialog with its version check; below, the preview of a day's posting with the rule each line takes.
 */
export function SapInflowPage() {
  const { t } = useTranslation();
  const url = useUrlState(rulesUrl);
  const { state, update } = url;
  const { nameOf } = useSites();
  const anyOr = (value: string) => value || t('sap.rules.any');
  const conditions = (r: SapRuleView) =>
    [
      r.client && `${t('sap.rules.client')}: ${nameOf(r.client)}`,
      r.foodcourt && `${t('sap.rules.foodcourt')}: ${nameOf(r.foodcourt)}`,
      r.restaurant && `${t('sap.rules.restaurant')}: ${nameOf(r.restaurant)}`,
      r.category && `${t('sap.rules.category')}: ${r.category}`,
      r.tax_rate !== null && `${t('sap.rules.taxRate')}: ${r.tax_rate}`,
      r.tender && `${t('sap.rules.tender')}: ${t(`dayend.tender.${r.tender}`, { defaultValue: r.tender })}`,
      r.channel && `${t('sap.rules.channel')}: ${t(`sap.channel.${r.channel}`, { defaultValue: r.channel })}`,
    ]
      .filter(Boolean)
      .join(' · ') || t('sap.rules.anyLine');
  const columns: ResourceColumn<SapRuleView>[] = [
    { id: 'priority', header: t('sap.rules.priority'), sortable: true, align: 'right', cell: (r) => r.priority },
    { id: 'kind', header: t('sap.rules.kind'), sortable: true, primary: true, cell: (r) => t(`sap.kind.${r.kind}`) },
    { id: 'conditions', header: t('sap.rules.conditions'), cell: conditions },
    { id: 'gl_account', header: t('sap.rules.glAccount'), sortable: true, primary: true, cell: (r) => r.gl_account },
    { id: 'cost_center', header: t('sap.rules.costCenter'), sortable: true, cell: (r) => anyOr(r.cost_center) },
    { id: 'profit_center', header: t('sap.rules.profitCenter'), cell: (r) => anyOr(r.profit_center) },
    { id: 'tax_code', header: t('sap.rules.taxCode'), cell: (r) => anyOr(r.tax_code) },
    {
      id: 'active',
      header: t('sap.rules.active'),
      cell: (r) =>
        r.active ? (
          <Chip size="small" color="success" label={t('sap.rules.on')} />
        ) : (
          <Chip size="small" label={t('sap.rules.off')} />
        ),
    },
    { id: 'updated_at', header: t('sap.rules.updated'), sortable: true, cell: (r) => formatTime(r.updated_at) },
  ];
  const ruleName = (r: SapRuleView) => t('sap.rules.name', { id: r.id, kind: t(`sap.kind.${r.kind}`) });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('sap.rules.title')}
        intro={t('sap.rules.intro')}
        api={ruleApi}
        url={url}
        columns={columns}
        listLabel={t('sap.rules.listLabel')}
        rowName={ruleName}
        searchLabel={t('sap.rules.search')}
        filters={
          <ChoiceFilter
            label={t('sap.rules.kind')}
            value={state.kind}
            values={SAP_LINE_KINDS}
            name={(v) => t(`sap.kind.${v}`)}
            onChange={(kind) => update({ kind, page: undefined })}
          />
        }
        empty={t('sap.rules.empty')}
        exportable={false}
        createLabel={t('sap.rules.add')}
        deletion={{
          title: (r) => t('sap.rules.deleteTitle', { name: ruleName(r) }),
          text: () => t('sap.rules.deleteText'),
        }}
        renderForm={(props) => <RuleFormDialog {...props} />}
      />
      <PostingPreview />
    </Box>
  );
}
