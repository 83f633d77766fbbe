import { useMemo } from 'react';
import { reportPermissionsByPage, type ReportLists } from '@cd/core';
import { useClientData } from '../../lib/client-data';

/**
 * The report permissions each report page offers, from the report lists of the editor's clients (spec 000 §6:
 * "report permissions are built dynamically from the client's report lists"). Empty while the client data loads.
 */
export function useReportPermissions(): Map<string, { key: string; label: string }[]> {
  const { data } = useClientData();
  return useMemo(
    () =>
      reportPermissionsByPage(
        Object.values(data?.client_settings ?? {}).map((c) => ({
          reportListJSON: c.reportListJSON as Partial<ReportLists>,
        })),
      ),
    [data],
  );
}
