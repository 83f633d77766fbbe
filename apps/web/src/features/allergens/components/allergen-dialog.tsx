import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { allergenBody, THUMBNAIL_GUIDE, type AllergenView } from '@cd/core';
import { TextInput } from '../../../components';
import { MediaChooser } from '../../../components/media';
import type { AllergenValues } from '../api';

/** Allergen pictures have their own image-manager library (action `allergen`, page allergens). */
const IMAGE_ACTION = 'allergen';
const IMAGE_VALUE = 'allergens';

type Props = {
  /** The allergen edited; none when adding. */
  allergen?: AllergenView;
  saving: boolean;
  /** The last failed save. */
  error: string;
  onSave: (values: AllergenValues) => void;
  onClose: () => void;
};

type FieldErrors = Partial<Record<'code' | 'name', string>>;

/** Add an allergen (code, name, image) or edit one's name and image; the code never changes. */
export function AllergenDialog({ allergen, saving, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [code, setCode] = useState(allergen?.code ?? '');
  const [name, setName] = useState(allergen?.name ?? '');
  const [imageurl, setImageurl] = useState(allergen?.imageurl ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const parsed = allergenBody.safeParse({ code, name, imageurl });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'code' || field === 'name') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave({ code: parsed.data.code, name: parsed.data.name, imageurl: parsed.data.imageurl });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {allergen ? t('allergens.editTitle', { code: allergen.code }) : t('allergens.addTitle')}
        </DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextInput
              label={t('allergens.code')}
              value={code}
              disabled={allergen !== undefined}
              autoFocus={allergen === undefined}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              error={Boolean(errors.code)}
              helperText={errors.code ?? t('allergens.codeHint')}
              inputProps={{ maxLength: 4, autoCapitalize: 'characters' }}
            />
            <TextInput
              label={t('allergens.name')}
              value={name}
              autoFocus={allergen !== undefined}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              inputProps={{ maxLength: 60 }}
            />
            <Box>
              <MediaChooser
                id="allergen-image"
                header={t('allergens.image')}
                guide={THUMBNAIL_GUIDE}
                action={IMAGE_ACTION}
                actionValue={IMAGE_VALUE}
                value={imageurl || null}
                onChange={(value) => setImageurl(Array.isArray(value) ? (value[0] ?? '') : value)}
              />
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('menuManagement.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('menuManagement.common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
