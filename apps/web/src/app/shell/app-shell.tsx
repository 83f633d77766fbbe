import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar';
import { PageLoading } from '../../components/page-loading';
import { useLogout } from '../../features/auth';
import { BackgroundTasksPanel, JobEventsProvider } from '../../features/background-tasks';
import { formatSyncTime } from '../../lib/format';
import { currentRegion } from '../../lib/region';
import { describeError } from '../../lib/server-message';
import { EXTERNAL_URLS, HELP_URL } from '../../lib/shell-config';
import { setUnsavedChanges } from '../../lib/unsaved-changes';
import { BUILT_PAGES } from '../page-registry';
import { visibleGroups } from './nav-model';
import { shellKeys, useLastSyncTime } from './shell-queries';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useShellStart } from './use-shell-start';
import { useShellUser } from './use-shell-user';
import { useShellTheme } from './use-branding';

/** The Go to box (issue 36 point 4), loaded the first time it opens. */
const GotoDialog = lazy(() => import('./goto-dialog').then((m) => ({ default: m.GotoDialog })));

/** Ctrl+K (⌘K on a Mac) anywhere in the signed-in app opens the Go to box. */
export const isGotoShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/** The paths that open a page of ours; the other entries are listed and marked planned (issue 21). */
const BUILT_PATHS: ReadonlySet<string> = new Set([...Object.keys(BUILT_PAGES), '/submenu_management-v2']);

/** At this width and above the navigation is a fixed drawer; below it slides in (spec 000 §2.2). */
export const PERMANENT_DRAWER_QUERY = '(min-width:960px)';

/** The signed-in layout of spec 000 §2.2: top bar, side navigation, and the current page. */
export function AppShell() {
  const { i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { userid, name, subject } = useShellUser();
  const permanent = useMediaQuery(PERMANENT_DRAWER_QUERY, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [gotoOpen, setGotoOpen] = useState(false);
  const syncTime = formatSyncTime(useLastSyncTime().data);
  const logout = useLogout();
  const queryClient = useQueryClient();
  // The event stream's `sync` events keep the top bar's last data-sync time current.
  const handleSync = useCallback(
    (time: string | null) =>
      queryClient.setQueryData(shellKeys.lastSync(), { result: 'success', last_bqsync_time: time }),
    [queryClient],
  );
  useShellStart();

  // Leaving the shell (logout, lost session) leaves no page whose changes could be lost.
  useEffect(() => () => setUnsavedChanges(false), []);

  // The bars keep their props between address changes (memo), so a page changing its address (a filter, an item
  // opening) renders the page, not the whole shell.
  const groups = useMemo(() => visibleGroups(subject, currentRegion(), EXTERNAL_URLS, BUILT_PATHS), [subject]);
  const theme = useShellTheme();
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const goHome = useCallback(() => setUnsavedChanges(false), []);
  const openGoto = useCallback(() => setGotoOpen(true), []);
  const closeGoto = useCallback(() => setGotoOpen(false), []);
  const goTo = useCallback((to: string) => void navigate(to), [navigate]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isGotoShortcut(event)) return;
      event.preventDefault();
      setGotoOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const { mutate: logoutMutate } = logout;
  // A page framed by /submenu_management-v2 shows without the shell around it.
  const embedded = new URLSearchParams(search).get('embedded') === '1' && window.self !== window.top;

  const handleLogout = useCallback(
    () =>
      logoutMutate(undefined, {
        onSuccess: () => void navigate('/login', { replace: true }),
        onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
      }),
    [logoutMutate, navigate, notify, i18n],
  );

  const withTheme = (content: ReactNode) => <ThemeProvider theme={theme}>{content}</ThemeProvider>;

  if (embedded) {
    return withTheme(
      <Box component="main" sx={{ p: 2 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <UnsavedChangesGuard />
      </Box>,
    );
  }

  return withTheme(
    <JobEventsProvider onSync={handleSync}>
      <SkipLink />
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <TopBar
          userid={userid}
          name={name}
          syncTime={syncTime}
          helpUrl={HELP_URL}
          showMenuButton={!permanent}
          onMenuClick={openDrawer}
          onHome={goHome}
          onLogout={handleLogout}
          loggingOut={logout.isPending}
          onGoto={openGoto}
        />
        <SideNav groups={groups} pathname={pathname} permanent={permanent} open={drawerOpen} onClose={closeDrawer} />
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
        >
          <Toolbar />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
          <BackgroundTasksPanel />
        </Box>
        <UnsavedChangesGuard />
        {gotoOpen && (
          <Suspense fallback={null}>
            <GotoDialog open onClose={closeGoto} groups={groups} onGo={goTo} />
          </Suspense>
        )}
      </Box>
    </JobEventsProvider>,
  );
}

const MAIN_ID = 'main-content';

/** The first stop of the keyboard: past the top bar and the navigation to the page (WCAG 2.4.1). */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={(theme) => ({
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 700,
        boxShadow: 3,
        '&:focus': { top: 8, outline: `2px solid ${theme.palette.text.primary}` },
      })}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}
