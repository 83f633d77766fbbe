import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import type { LoginMode } from '../login-mode';

type Props = { mode: LoginMode; onChange: (mode: LoginMode) => void };

const MODES: LoginMode[] = ['password', 'phone', 'email'];

/**
 * The three sign-in modes as tabs, drawn and operated like MUI's full-width Tabs (arrow keys, Home and End move
 * between them). MUI's Tabs brings scroll buttons and measuring code the sign-in bundle cannot afford (DESIGN.md §7).
 */
export function LoginModeTabs({ mode, onChange }: Props) {
  const { t } = useTranslation();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.current.findIndex((tab) => tab === document.activeElement);
    if (at < 0) return;
    const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: MODES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[(next + MODES.length) % MODES.length]?.focus();
  };

  return (
    <Box role="tablist" aria-label={t('login.modes.label')} onKeyDown={handleKeyDown} sx={{ display: 'flex', mb: 2 }}>
      {MODES.map((value, index) => {
        const selected = value === mode;
        return (
          <ButtonBase
            key={value}
            ref={(element: HTMLButtonElement | null) => {
              tabs.current[index] = element;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(value)}
            sx={(theme) => ({
              ...theme.typography.button,
              flex: 1,
              minHeight: 48,
              px: 2,
              py: 1.5,
              color: selected ? 'text.primary' : 'text.secondary',
              // The selected tab's indicator, as MUI's Tabs draws it.
              boxShadow: selected ? `inset 0 -2px 0 ${theme.palette.primary.main}` : 'none',
              transition: theme.transitions.create(['color', 'box-shadow']),
            })}
          >
            {t(`login.modes.${value}`)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
