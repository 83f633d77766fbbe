import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Close as CloseIcon, Search as SearchIcon } from '../../components/icons';
import { visuallyHidden } from '../../components/visually-hidden';
import { describeError } from '../../lib/server-message';
import { groupResults, pageResults, recordResults, type GotoResult } from './goto-model';
import type { VisibleGroup } from './nav-model';
import { useGotoSearch } from './use-goto-search';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The navigation the user sees: its pages are found here, without the server. */
  groups: readonly VisibleGroup[];
  /** Opens a result's address (the shell navigates; the unsaved-changes guard still asks). */
  onGo: (to: string) => void;
};

/**
 * Go to anywhere (issue 36 point 4): one box, opened by Ctrl+K / ⌘K or the top bar's search button, that finds
 * the pages of the user's navigation and the records the user may open, grouped by kind. Keyboard first: type,
 * arrows choose, Enter opens (waiting for the answer to what was typed), Escape closes. An ARIA combobox whose
 * listbox holds one group per kind.
 */
export function GotoDialog({ open, onClose, groups, onGo }: Props) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [enterPending, setEnterPending] = useState(false);
  const search = useGotoSearch(text);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const results = useMemo<GotoResult[]>(() => {
    const grouped = groupResults([...pageResults(groups, t, text), ...recordResults(search.answer)]);
    return grouped.flatMap((g) => g.results);
  }, [groups, t, text, search.answer]);
  const grouped = useMemo(() => groupResults(results), [results]);

  // A new text starts at the first result.
  useEffect(() => setActive(0), [text]);
  useEffect(() => {
    if (!open) {
      setText('');
      setEnterPending(false);
    }
  }, [open]);

  const go = (result: GotoResult | undefined) => {
    if (!result) return;
    onClose();
    onGo(result.to);
  };

  // Enter pressed before the answer to the text arrived opens the first result once it is there.
  useEffect(() => {
    if (!enterPending || !search.fresh) return;
    setEnterPending(false);
    go(results[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer becomes fresh
  }, [enterPending, search.fresh]);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids follow `active`
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + results.length) % results.length);
    } else if (event.key === 'Home' && results.length && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && results.length && event.ctrlKey) {
      event.preventDefault();
      setActive(results.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // The user chose a line with the arrows, or the list is the answer to what is typed: open it now.
      if (search.fresh || active > 0) go(results[active]);
      else setEnterPending(true);
    }
  };

  const status = (() => {
    if (search.error) return t('shell.goto.failed', { message: describeError(search.error, i18n) });
    if (search.searching) return t('shell.goto.searching');
    if (!text.trim()) return t('shell.goto.hint');
    if (!results.length && search.searched) return t('shell.goto.none', { text: text.trim() });
    if (!search.searched && !results.length) return t('shell.goto.typeMore');
    return t('shell.goto.count', { count: results.length });
  })();

  let index = -1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      slotProps={{ paper: { sx: { alignSelf: fullScreen ? 'stretch' : 'flex-start', mt: fullScreen ? 0 : 8 } } }}
    >
      <Typography id={`${id}-title`} component="h2" sx={visuallyHidden}>
        {t('shell.goto.title')}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <SearchIcon aria-hidden color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('shell.goto.placeholder')}
          inputProps={{
            role: 'combobox',
            'aria-label': t('shell.goto.label'),
            'aria-expanded': results.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': results.length ? optionId(active) : undefined,
            maxLength: 100,
            autoComplete: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
          }}
          sx={{ fontSize: '1.1rem', py: 0.5 }}
        />
        <IconButton aria-label={t('shell.goto.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        component="ul"
        id={listId}
        role="listbox"
        aria-label={t('shell.goto.results')}
        sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', maxHeight: fullScreen ? 'none' : '60vh' }}
      >
        {grouped.map(({ group, results: rows }) => (
          <Box component="li" key={group} role="presentation">
            <Typography
              id={`${id}-group-${group}`}
              role="presentation"
              variant="overline"
              color="text.secondary"
              sx={{ display: 'block', px: 2, pt: 1 }}
            >
              {t(`shell.goto.groups.${group}`)}
            </Typography>
            <Box
              component="ul"
              role="group"
              aria-labelledby={`${id}-group-${group}`}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {rows.map((result) => {
                index += 1;
                const at = index;
                const selected = at === active;
                return (
                  <Box
                    component="li"
                    key={result.key}
                    id={optionId(at)}
                    role="option"
                    aria-selected={selected}
                    data-kind={result.kind}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => (selected ? undefined : setActive(at))}
                    onClick={() => go(result)}
                    sx={{
                      px: 2,
                      py: 1,
                      cursor: 'pointer',
                      display: 'flex',
                      flexWrap: 'wrap',
                      columnGap: 1.5,
                      alignItems: 'baseline',
                      bgcolor: selected ? 'action.selected' : undefined,
                      borderLeft: 3,
                      borderColor: selected ? 'primary.main' : 'transparent',
                    }}
                  >
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {result.label}
                    </Typography>
                    {result.detail && (
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {result.detail}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        color="text.secondary"
        sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {status}
      </Typography>
    </Dialog>
  );
}
