import { describe, expect, it } from 'vitest';
import {
  MENU_ITEM_MESSAGES,
  availableNutrients,
  canAddIngredient,
  canAddNutrition,
  checkDateLimit,
  itemSubmenuOptions,
  parseNumericInput,
  parsePreorderPush,
  sanitizeReportingFilter,
  toggleInGroup,
  validateFoodItem,
  validatePrepTimeAdd,
  validateTimeRangeAdd,
} from './item-rules.js';
import { foodItemFieldsSchema } from './item.js';

const keyOf = (e: { key: string } | null) => e?.key ?? null;

describe('parseNumericInput (§5.2)', () => {
  it('converts number fields to numbers, decimals kept', () => {
    expect(parseNumericInput('12.5')).toBe(12.5);
    expect(parseNumericInput(' 7 ')).toBe(7);
  });
  it('empty or not a number becomes empty', () => {
    expect(parseNumericInput('')).toBe('');
    expect(parseNumericInput('abc')).toBe('');
    expect(parseNumericInput('Infinity')).toBe('');
  });
  it('rejects negatives unless allowNegative (temperature)', () => {
    expect(parseNumericInput('-4')).toBe('');
    expect(parseNumericInput('-4', { allowNegative: true })).toBe(-4);
  });
  it('integer fields truncate decimals', () => {
    expect(parseNumericInput('12.9', { integer: true })).toBe(12);
    expect(parseNumericInput('-0.5', { integer: true, allowNegative: true })).toBe(0);
    expect(Object.is(parseNumericInput('-0.5', { integer: true, allowNegative: true }), -0)).toBe(false);
  });
});

describe('sanitizeReportingFilter', () => {
  it('strips everything that is not a letter, digit or space', () => {
    expect(sanitizeReportingFilter('Zone-A #1 (north)!')).toBe('ZoneA 1 north');
    expect(sanitizeReportingFilter('café')).toBe('caf');
  });
});

describe('parsePreorderPush', () => {
  it('ignores negative values and keeps the previous one', () => {
    expect(parsePreorderPush('-5', 20)).toBe(20);
    expect(parsePreorderPush('abc', 20)).toBe(20);
  });
  it('accepts whole minutes and clears on empty', () => {
    expect(parsePreorderPush('30', 20)).toBe(30);
    expect(parsePreorderPush('', 20)).toBe('');
  });
});

describe('validatePrepTimeAdd', () => {
  const row = (starttime: string, endtime: string, preptime: number | string) => ({ starttime, endtime, preptime });
  const existing = [{ starttime: '10:00', endtime: '11:00' }];
  it('accepts a valid non-overlapping range', () => {
    expect(validatePrepTimeAdd(row('12:00', '13:00', 15), existing)).toBeNull();
  });
  it('requires start, end and prep time (editMenu.alerts.emptyfields)', () => {
    expect(keyOf(validatePrepTimeAdd(row('', '13:00', 15), []))).toBe('editMenu.alerts.emptyfields');
    expect(keyOf(validatePrepTimeAdd(row('12:00', '', 15), []))).toBe('editMenu.alerts.emptyfields');
    expect(keyOf(validatePrepTimeAdd(row('12:00', '13:00', ''), []))).toBe('editMenu.alerts.emptyfields');
  });
  it('prep time must be 1 to 59 and at most 2 characters (editMenu.alerts.validTime)', () => {
    for (const p of [0, 60, '100', '1.5', '059', -3]) {
      expect(keyOf(validatePrepTimeAdd(row('12:00', '13:00', p), []))).toBe('editMenu.alerts.validTime');
    }
    expect(validatePrepTimeAdd(row('12:00', '13:00', 1), [])).toBeNull();
    expect(validatePrepTimeAdd(row('12:00', '13:00', '59'), [])).toBeNull();
  });
  it('start later than end (common.startTimeGrt)', () => {
    expect(keyOf(validatePrepTimeAdd(row('14:00', '13:00', 10), []))).toBe('common.startTimeGrt');
  });
  it('start equal to end (common.startTimeEqlEndTime)', () => {
    expect(keyOf(validatePrepTimeAdd(row('13:00', '13:00', 10), []))).toBe('common.startTimeEqlEndTime');
  });
  it('refuses a malformed time with the alert for an invalid time (editMenu.alerts.validTime)', () => {
    expect(keyOf(validatePrepTimeAdd(row('25:00', '26:00', 10), []))).toBe('editMenu.alerts.validTime');
  });
  it('refuses overlapping and touching ranges (editMenu.alerts.duplicateTimeRange)', () => {
    expect(keyOf(validatePrepTimeAdd(row('10:30', '12:00', 10), existing))).toBe('editMenu.alerts.duplicateTimeRange');
    expect(keyOf(validatePrepTimeAdd(row('09:00', '12:00', 10), existing))).toBe('editMenu.alerts.duplicateTimeRange');
    expect(keyOf(validatePrepTimeAdd(row('11:00', '12:00', 10), existing))).toBe('editMenu.alerts.duplicateTimeRange');
    expect(keyOf(validatePrepTimeAdd(row('09:00', '10:00', 10), existing))).toBe('editMenu.alerts.duplicateTimeRange');
    expect(validatePrepTimeAdd(row('11:01', '12:00', 10), existing)).toBeNull();
  });
  it('carries the English message', () => {
    expect(validatePrepTimeAdd(row('', '', ''), [])?.message).toBe(MENU_ITEM_MESSAGES['editMenu.alerts.emptyfields']);
  });
});

describe('validateTimeRangeAdd (multi time range)', () => {
  it('start must be before end (editMenu.invalidTimeRange)', () => {
    expect(keyOf(validateTimeRangeAdd({ starttime: '18:00', endtime: '09:00' }, []))).toBe('editMenu.invalidTimeRange');
    expect(keyOf(validateTimeRangeAdd({ starttime: '09:00', endtime: '09:00' }, []))).toBe('editMenu.invalidTimeRange');
  });
  it('an exact duplicate is refused (editMenu.timerangeAddedTwice), an overlap is not', () => {
    const existing = [{ starttime: '00:00', endtime: '23:59' }];
    expect(keyOf(validateTimeRangeAdd({ starttime: '00:00', endtime: '23:59' }, existing))).toBe(
      'editMenu.timerangeAddedTwice',
    );
    expect(validateTimeRangeAdd({ starttime: '08:00', endtime: '12:00' }, existing)).toBeNull();
  });
});

describe('checkDateLimit', () => {
  it('refuses more than 366 dates', () => {
    expect(checkDateLimit(Array.from({ length: 366 }, (_, i) => String(i)))).toBeNull();
    expect(keyOf(checkDateLimit(Array.from({ length: 367 }, (_, i) => String(i))))).toBe(
      'editMenu.formFieldLabels.dateLimitExceededError',
    );
  });
});

describe('ingredients and nutrition', () => {
  it('ingredient Add is disabled while the last ingredient has no name', () => {
    expect(canAddIngredient({ values: [] })).toBe(true);
    expect(canAddIngredient({ values: [{ name: 'Paneer', vegflag: 'V' }] })).toBe(true);
    expect(
      canAddIngredient({
        values: [
          { name: 'Paneer', vegflag: 'V' },
          { name: ' ', vegflag: 'V' },
        ],
      }),
    ).toBe(false);
  });
  const all = ['Protein', 'Fat', 'Sugar'];
  it('availableNutrients leaves out the nutrients rows use; deleting a row returns it', () => {
    const rows = [{ name: 'Protein' }, { name: 'Fat' }];
    expect(availableNutrients(all, rows)).toEqual(['Sugar']);
    expect(availableNutrients(all, rows.slice(1))).toEqual(['Protein', 'Sugar']);
  });
  it('nutrition Add is disabled while a row has no name or nothing is left', () => {
    expect(canAddNutrition([{ name: 'Protein' }], all)).toBe(true);
    expect(canAddNutrition([{ name: 'Protein' }, { name: '' }], all)).toBe(false);
    expect(canAddNutrition([{ name: 'Protein' }, { name: 'Fat' }, { name: 'Sugar' }], all)).toBe(false);
  });
});

describe('toggleInGroup', () => {
  it('checks and unchecks', () => {
    expect(toggleInGroup(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleInGroup(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('respects maxSelection when above 0', () => {
    expect(toggleInGroup(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleInGroup(['a', 'b'], 'b', 2)).toEqual(['a']);
    expect(toggleInGroup(['a', 'b'], 'c', 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('itemSubmenuOptions (§4.2)', () => {
  const submenus = [
    { submenuid: 'spice', all_linked: false },
    { submenuid: 'drinks', all_linked: true },
  ];
  const kind = (enable_as_mealdeal: boolean, enable_as_submenu: boolean) => ({
    extras: { enable_as_mealdeal, enable_as_submenu },
  });
  it('a meal deal may only use fully linked submenus', () => {
    expect(itemSubmenuOptions(kind(true, false), submenus).map((s) => s.disabled)).toEqual([true, false]);
  });
  it('an item enabled as submenu cannot use fully linked submenus', () => {
    expect(itemSubmenuOptions(kind(false, true), submenus).map((s) => s.disabled)).toEqual([false, true]);
  });
  it('a general item may use any', () => {
    expect(itemSubmenuOptions(kind(false, false), submenus).map((s) => s.disabled)).toEqual([false, false]);
  });
});

describe('validateFoodItem (server re-check)', () => {
  const valid = foodItemFieldsSchema.parse({ foodname: 'Paneer Tikka', price: 220 });
  const keys = (fields: Parameters<typeof validateFoodItem>[0], ctx?: Parameters<typeof validateFoodItem>[1]) =>
    validateFoodItem(fields, ctx).map((e) => e.key);

  it('accepts a plain item', () => {
    expect(validateFoodItem(valid, { submenus: [] })).toEqual([]);
  });
  it('refuses a food info link that is not http(s), mailto or tel, naming the field', () => {
    expect(validateFoodItem({ ...valid, food_info_link: 'https://example.com/allergens' })).toEqual([]);
    expect(validateFoodItem({ ...valid, food_info_link: 'javascript:alert(1)' })).toEqual([
      { key: 'editMenu.unsafeLink', message: MENU_ITEM_MESSAGES['editMenu.unsafeLink'], field: 'food_info_link' },
    ]);
    expect(keys({ ...valid, food_info_link: 'data:text/html,<b>x</b>' })).toEqual(['editMenu.unsafeLink']);
  });
  it('refuses overlapping prep ranges and bad prep times', () => {
    const app_preptime_array = [
      { starttime: '10:00', endtime: '11:00', preptime: 10, preptimelabel: '' },
      { starttime: '11:00', endtime: '12:00', preptime: 10, preptimelabel: '' },
      { starttime: '13:00', endtime: '14:00', preptime: 70, preptimelabel: '' },
    ];
    const errors = validateFoodItem({ ...valid, app_preptime_array });
    expect(errors.map((e) => [e.key, e.field])).toEqual([
      ['editMenu.alerts.duplicateTimeRange', 'app_preptime_array.1'],
      ['editMenu.alerts.validTime', 'app_preptime_array.2'],
    ]);
  });
  it('refuses invalid and duplicate serving times', () => {
    const servingtime = [
      { starttime: '08:00', endtime: '12:00' },
      { starttime: '08:00', endtime: '12:00' },
      { starttime: '15:00', endtime: '14:00' },
    ];
    expect(keys({ ...valid, servingtime })).toEqual(['editMenu.timerangeAddedTwice', 'editMenu.invalidTimeRange']);
  });
  it('refuses more than 366 dates and duplicate dates', () => {
    expect(keys({ ...valid, datesavailable: Array.from({ length: 367 }, () => '01-01-2026') })).toEqual([
      'editMenu.formFieldLabels.dateLimitExceededError',
      'editMenu.duplicateDate',
    ]);
  });
  it('refuses nameless and duplicate nutrition rows', () => {
    const r = (name: string) => ({ name, quantity: '', calories: '', dailyValue: '' });
    expect(keys({ ...valid, nutrition: [r('Protein'), r(' '), r('protein')] })).toEqual([
      'editMenu.nutritionNameRequired',
      'editMenu.duplicateNutrient',
    ]);
  });
  it('refuses a reporting filter with other characters', () => {
    expect(keys({ ...valid, reporting_filter2: 'North-1' })).toEqual(['editMenu.invalidReportingFilter']);
    expect(keys({ ...valid, reporting_filter2: 'North 1' })).toEqual([]);
  });
  it('refuses submenus not allowed for the item type and unknown submenus', () => {
    const submenus = [
      { submenuid: 'spice', all_linked: false },
      { submenuid: 'drinks', all_linked: true },
    ];
    const mealDeal = {
      ...valid,
      extras: { enable_as_mealdeal: true, enable_as_submenu: false, enable_as_mainitem: true },
    };
    expect(
      validateFoodItem({ ...mealDeal, submenu: ['drinks', 'spice', 'ghost'] }, { submenus }).map((e) => [
        e.key,
        e.field,
      ]),
    ).toEqual([
      ['editMenu.submenuNotAllowed', 'submenu.1'],
      ['editMenu.unknownSubmenu', 'submenu.2'],
    ]);
    expect(keys({ ...valid, submenu: ['drinks', 'spice'] }, { submenus })).toEqual([]);
  });
  it('checks only the fields given (partial update)', () => {
    expect(validateFoodItem({ price: 10 })).toEqual([]);
  });
});
