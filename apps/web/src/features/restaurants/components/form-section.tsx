import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sectionDomId, type RestaurantSectionId } from '../sections';

/** One section of the form, with its heading; the navigation scrolls to it by its DOM id. */
export function FormSection({ id, children }: { id: RestaurantSectionId; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" id={sectionDomId(id)} aria-labelledby={headingId} sx={{ mb: 4, scrollMarginTop: 8 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 2 }}>
        {t(`restaurant.sections.${id}`)}
      </Typography>
      {children}
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

export function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
