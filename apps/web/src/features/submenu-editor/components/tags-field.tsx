import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Most tags a submenu carries and the longest tag (core's submenuFormSchema). */
const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 40;

type Props = { value: string[]; onChange: (tags: string[]) => void };

/** Split typed text into tags: commas separate, blanks and repeats (ignoring case) are dropped. */
export function addTags(existing: string[], typed: string): string[] {
  const next = [...existing];
  for (const raw of typed.split(',')) {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH);
    if (tag && !next.some((t) => t.toLowerCase() === tag.toLowerCase())) next.push(tag);
  }
  return next.slice(0, MAX_TAGS);
}

/** Price-book submenu tags as chips (sent comma-joined, spec 001 §3.8). Enter, a comma or leaving adds. */
export function TagsField({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      autoSelect
      onChange={(_event, next) => onChange(next.reduce<string[]>((acc, tag) => addTags(acc, tag), []))}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('submenu.editor.fields.tags')}
          helperText={t('submenu.editor.fields.tagsHelp')}
          size="small"
        />
      )}
    />
  );
}
