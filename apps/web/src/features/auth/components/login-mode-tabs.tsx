import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { LoginMode } from '../login-mode';

type Props = { mode: LoginMode; onChange: (mode: LoginMode) => void };

const MODES: LoginMode[] = ['password', 'phone', 'email'];

export function LoginModeTabs({ mode, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={mode}
      onChange={(_event, value: LoginMode) => onChange(value)}
      aria-label={t('login.modes.label')}
      variant="fullWidth"
      sx={{ mb: 2 }}
    >
      {MODES.map((value) => (
        <Tab key={value} value={value} label={t(`login.modes.${value}`)} />
      ))}
    </Tabs>
  );
}
