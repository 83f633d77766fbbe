import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A row's Edit action, named after the row ("Edit <name>") for screen readers and tests. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  const label = t('sites.list.editRow', { name });
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
