import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { collectIssues, errorPaths, nestIssues, parseJsonBlob } from './form-validation';
import { newFormValues, viewToFormValues } from './form-values';
import { aRestaurant } from './testing/mock-restaurant-api';
import { formFieldOf } from './use-restaurant-save';

const fields = (issues: { field: string }[]) => issues.map((i) => i.field);

describe('the form’s checks before a save (spec 001 §5.1)', () => {
  it('passes a complete stored restaurant', () => {
    expect(collectIssues(viewToFormValues(aRestaurant()))).toEqual([]);
  });

  it('names every required field of an empty new restaurant, once each', () => {
    const found = fields(collectIssues(newFormValues('')));
    expect(found).toEqual(
      expect.arrayContaining(['restid', 'name', 'client', 'sitecode', 'currency', 'fssai_no', 'description']),
    );
    expect(new Set(found).size).toBe(found.length);
  });

  it("starts a new restaurant in the region's currency", () => {
    // The test host is the India deployment.
    expect(newFormValues().currency).toBe('INR');
    expect(collectIssues(newFormValues()).map((i) => i.field)).not.toContain('currency');
  });

  it('refuses a JSON blob that does not parse or is not an object', () => {
    expect(parseJsonBlob('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(parseJsonBlob('')).toEqual({ value: {} });
    expect(parseJsonBlob('[1]')).toMatchObject({ issue: { key: 'restaurant.errors.jsonObject' } });
    const values = { ...viewToFormValues(aRestaurant()) };
    values.jsonDrafts = { ...values.jsonDrafts, otherdetails: '{"a":' };
    expect(collectIssues(values)).toEqual([
      expect.objectContaining({ field: 'jsonDrafts.otherdetails', key: 'restaurant.errors.invalidJson' }),
    ]);
  });

  it('checks the serving-time ranges and reports empty and whole-number fields', () => {
    const values = viewToFormValues(aRestaurant());
    values.delservingtime = '21:00-10:00';
    values.options.genservingtime = '8:0-21:00';
    (values as { deliveredin: number | null }).deliveredin = null;
    values.item_count_threshold = 1.5;
    const issues = collectIssues(values);
    expect(issues).toEqual([
      expect.objectContaining({ field: 'delservingtime', key: 'restaurant.errors.enterValidTime' }),
      expect.objectContaining({ field: 'deliveredin', message: 'Enter a number' }),
      expect.objectContaining({ field: 'item_count_threshold', message: 'Enter a whole number' }),
    ]);
  });

  it('nests issues as react-hook-form errors and flattens them back', () => {
    const nested = nestIssues(
      [
        { field: 'name', key: 'restaurant.errors.required', message: 'This field is required' },
        { field: 'options.dynamic_conveniencefee.1.min', key: 'restaurant.errors.feeMinRequired', message: 'x' },
      ],
      i18n.t,
    );
    expect(nested).toMatchObject({
      name: { message: 'This field is required' },
      options: { dynamic_conveniencefee: [undefined, { min: { message: 'Enter the minimum amount' } }] },
    });
    expect(errorPaths(nested)).toEqual(['name', 'options.dynamic_conveniencefee.1.min']);
  });

  it('maps server issue fields onto the form’s fields', () => {
    expect(formFieldOf('rest_non_available_days_msg')).toBe('options.non_available_days_msg');
    expect(formFieldOf('options.labels')).toBe('jsonDrafts.labels');
    expect(formFieldOf('options.labels.x')).toBe('jsonDrafts.labels');
    expect(formFieldOf('restid')).toBe('restid');
  });
});
