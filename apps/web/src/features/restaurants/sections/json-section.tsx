import { FormSection } from '../components/form-section';
import { FieldGrid } from '../components/form-fields';
import { JsonBlobField } from '../components/json-blob-field';
import { JSON_BLOBS } from '../form-values';

/** The JSON settings whose inner shape the spec leaves open (spec 001 §3.2): each must be a JSON object. */
export function JsonSection() {
  return (
    <FormSection id="json">
      <FieldGrid>
        {JSON_BLOBS.map((blob) => (
          <JsonBlobField key={blob} blob={blob} />
        ))}
      </FieldGrid>
    </FormSection>
  );
}
