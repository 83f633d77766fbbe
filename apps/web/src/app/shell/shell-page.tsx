import { Suspense, useEffect } from 'react';
import type { NavEntry } from '@cd/core';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { currentRegion } from '../../lib/region';
import { CONTROL_DESK_V2_BASE, EXTERNAL_URLS } from '../../lib/shell-config';
import type { LazyPage } from '../../lib/lazy-page';
import { BUILT_PAGES } from '../page-registry';
import { EmbeddedV2Page } from '../pages/embedded-v2-page';
import { ExternalPage } from '../pages/external-page';
import { NotAllowedPage } from '../pages/not-allowed-page';
import { NotAvailablePage } from '../pages/not-available-page';
import { NotFoundPage } from '../pages/not-found-page';
import { navLabelKey, pageAccess } from './nav-model';
import { useShellUser } from './use-shell-user';

type Props = {
  entry: NavEntry;
  /** The built pages by path; the app's registry unless a test gives its own. */
  pages?: Record<string, LazyPage>;
};

const EMBEDDED_V2_PATH = '/submenu_management-v2';

/**
 * One navigation path (spec 000 §2.3): the page only if the user holds its permission (or is admin), the
 * built page loaded on demand, otherwise a plain "not available yet".
 */
export function ShellPage({ entry, pages = BUILT_PAGES }: Props) {
  const { t } = useTranslation();
  const { subject } = useShellUser();
  const access = pageAccess(entry, subject, currentRegion());
  if (access === 'notOnDeployment') return <NotFoundPage />;
  if (access === 'notAllowed') return <NotAllowedPage />;

  const title = t(navLabelKey(entry, subject));
  return <TitledPage title={title} entry={entry} pages={pages} />;
}

/** Each page names its tab ("Allergens · Control Desk"), so tabs and history tell pages apart (issue 21). */
export function usePageTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Control Desk`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function TitledPage({ title, entry, pages }: { title: string; entry: NavEntry; pages: Record<string, LazyPage> }) {
  usePageTitle(title);
  const Page = pages[entry.path];
  if (Page) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  if (entry.path === EMBEDDED_V2_PATH) {
    // The configured v2 deployment when there is one; else this product's own submenu editor (same origin).
    return <EmbeddedV2Page title={title} base={CONTROL_DESK_V2_BASE} />;
  }
  const externalUrl = entry.external ? EXTERNAL_URLS[entry.label] : undefined;
  if (externalUrl) return <ExternalPage title={title} url={externalUrl} />;
  return <NotAvailablePage title={title} />;
}
