import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { classifySaveFailure } from './save-failure';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { errorMsgs: { general: 'Oops' } } } } });

describe('classifySaveFailure', () => {
  it('keeps the server text of a version conflict (who saved and when)', () => {
    const error = new ApiError(409, 'Allergen XX was changed by demo.admin since you opened it.', 'versionConflict');
    expect(classifySaveFailure(error, i18n, ['name'])).toEqual({
      kind: 'conflict',
      message: 'Allergen XX was changed by demo.admin since you opened it.',
    });
  });

  it('puts failures that name form fields under those fields', () => {
    const error = new ApiError(400, 'name: Enter a name', 'invalidRequest', {
      field: 'name',
      issues: [
        { path: '/name', message: 'Enter a name' },
        { path: '/sites/restaurants/0', message: 'Unknown restaurant' },
        { path: '/version', message: 'Required' },
      ],
    });
    expect(classifySaveFailure(error, i18n, ['name', 'sites'])).toEqual({
      kind: 'fields',
      fields: [
        { field: 'name', message: 'Enter a name' },
        { field: 'sites', message: 'Unknown restaurant' },
      ],
    });
  });

  it('answers one message for the rest', () => {
    expect(classifySaveFailure(new ApiError(403, 'No', 'forbidden'), i18n, ['name'])).toEqual({
      kind: 'other',
      message: 'No',
    });
    expect(classifySaveFailure(new ApiError(500, '', 'general'), i18n, ['name'])).toEqual({
      kind: 'other',
      message: 'Oops',
    });
  });
});
