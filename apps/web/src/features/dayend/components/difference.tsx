import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { value: number | null; money: (amount: number) => string };

/** A counted − expected difference: signed, coloured and worded (over, short, none); '—' when not counted. */
export function Difference({ value, money }: Props) {
  const { t } = useTranslation();
  if (value === null) return <Typography color="text.secondary">—</Typography>;
  if (value === 0) return <Typography>{t('dayend.count.none', { amount: money(0) })}</Typography>;
  const amount = money(Math.abs(value));
  return (
    <Typography color={value > 0 ? 'warning.main' : 'error.main'} sx={{ fontWeight: 600 }}>
      {value > 0 ? t('dayend.count.over', { amount }) : t('dayend.count.short', { amount })}
    </Typography>
  );
}
