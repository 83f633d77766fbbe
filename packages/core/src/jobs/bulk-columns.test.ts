import { describe, expect, it } from 'vitest';
import { foodItemFieldsSchema } from '../menu/item.js';
import { BULK_COLUMNS, BULK_HEADERS, bulkHeaderOf, bulkRowOf, parseBulkRow, type BulkCell } from './bulk-columns.js';

const item = foodItemFieldsSchema.parse({
  foodname: 'Paneer Tikka',
  price: 220.5,
  subsidyamount: 10,
  listofcategories: ['Starters', 'Specials'],
  hsn_code: '996331',
  calories: 320,
  individual_quantity: 2,
  vegflag: 'E',
  session_list: ['Lunch', 'Dinner'],
  daysavailable: { Monday: true, Tuesday: false, Sunday: false },
  datesavailable: ['01-01-2027', '02-01-2027'],
  servingtime: [
    { starttime: '11:30', endtime: '15:00' },
    { starttime: '18:30', endtime: '22:30' },
  ],
  hide_item: true,
  extras: { enable_as_submenu: true, enable_as_mealdeal: false, enable_as_mainitem: false },
  imageurl: 'https://img.example/p.png',
  ingredients: [{ header: 'Main', values: [{ name: 'Paneer', vegflag: 'V' }] }],
  nutrition: [{ name: 'Protein', quantity: '5 g', calories: '', dailyValue: '8%' }],
  submenu: ['sm_1', 'sm_2'],
  itemcolor: '#AA0011',
  dietary_info: 'Vegetarian',
  short_name: 'Tikka',
  tags: ['bestseller'],
});

const cellsOf = (row: BulkCell[]) => new Map(BULK_HEADERS.map((h, i) => [h, row[i] ?? null]));

describe('bulk-edit columns (spec 000 §3)', () => {
  it('has foodid first and every bulk-edit field of the spec, in its order', () => {
    expect(BULK_HEADERS[0]).toBe('foodid');
    expect(BULK_HEADERS.slice(1, 5)).toEqual(['foodname', 'price', 'subsidyamount', 'listofcategories']);
    expect(BULK_HEADERS.at(-1)).toBe('food_texture');
    expect(BULK_HEADERS).toHaveLength(49);
    expect(new Set(BULK_HEADERS).size).toBe(BULK_HEADERS.length);
  });

  it('writes cells as the workbook shows them', () => {
    const row = cellsOf(bulkRowOf('sr_paneer', item));
    expect(row.get('foodid')).toBe('sr_paneer');
    expect(row.get('listofcategories')).toBe('Starters, Specials');
    expect(row.get('daysavailable')).toBe('Monday, Wednesday, Thursday, Friday, Saturday');
    expect(row.get('available_dates')).toBe('01-01-2027, 02-01-2027');
    expect(row.get('hide_item')).toBe(true);
    expect(row.get('enable_as_submenu')).toBe(true);
    expect(row.get('item_image')).toBe('https://img.example/p.png');
    expect(JSON.parse(row.get('servingtime') as string)).toEqual(item.servingtime);
    expect(row.get('total_online_orders')).toBeNull();
  });

  it('reads a written row back to the same item, keeping fields without a column', () => {
    const back = parseBulkRow(cellsOf(bulkRowOf('sr_paneer', item)), item);
    expect(back.errors).toEqual([]);
    expect(back.foodid).toBe('sr_paneer');
    expect(back.fields).toEqual(item);
  });

  it('reads the friendly forms: booleans, day abbreviations, time ranges, numbers as text', () => {
    const cells = new Map<string, BulkCell>([
      ['foodid', ''],
      ['foodname', 'New dish'],
      ['price', '99.5'],
      ['hide_item', 'yes'],
      ['daysavailable', 'mon, Fri'],
      ['servingtime', '09:00-11:00, 12:00 - 14:00'],
      ['hsn_code', 996331],
      ['session_list', 'lunch'],
      ['available_dates', new Date(Date.UTC(2027, 0, 5))],
    ]);
    const r = parseBulkRow(cells, null);
    expect(r.errors).toEqual([]);
    expect(r.fields).toMatchObject({
      price: 99.5,
      hide_item: true,
      hsn_code: '996331',
      session_list: ['Lunch'],
      datesavailable: ['05-01-2027'],
      servingtime: [
        { starttime: '09:00', endtime: '11:00' },
        { starttime: '12:00', endtime: '14:00' },
      ],
    });
    expect(r.fields?.daysavailable).toMatchObject({ Monday: true, Tuesday: false, Friday: true });
    expect(
      parseBulkRow(
        new Map([
          ['foodname', 'x'],
          ['daysavailable', 'None'],
        ]),
        null,
      ).fields?.daysavailable.Monday,
    ).toBe(false);
  });

  it('an empty cell gives the default, an absent column keeps the value', () => {
    const r = parseBulkRow(
      new Map<string, BulkCell>([
        ['calories', ''],
        ['price', null],
      ]),
      item,
    );
    expect(r.fields?.calories).toBeUndefined();
    expect(r.fields?.price).toBe(0);
    expect(r.fields?.hsn_code).toBe('996331');
  });

  it('names every bad cell with a message', () => {
    const r = parseBulkRow(
      new Map<string, BulkCell>([
        ['foodname', ''],
        ['price', 'abc'],
        ['hide_item', 'maybe'],
        ['daysavailable', 'Funday'],
        ['servingtime', '[not json'],
        ['available_dates', '31-02-2027x'],
        ['itemcolor', 'red'],
        ['subsidyamount', -5],
        ['individual_quantity', 1.5],
      ]),
      null,
    );
    expect(r.fields).toBeNull();
    const by = Object.fromEntries(r.errors.map((e) => [e.column, e.message]));
    expect(by).toMatchObject({
      price: 'Enter a number',
      hide_item: 'Enter TRUE or FALSE',
      servingtime: 'Not valid JSON',
      itemcolor: 'Enter a colour as #RRGGBB',
      subsidyamount: 'Cannot be negative',
      individual_quantity: 'Enter a whole number',
      foodname: 'Enter the item name.',
    });
    expect(by.daysavailable).toMatch(/Funday/);
    expect(by.available_dates).toMatch(/dd-MM-yyyy/);
  });

  it('applies the editor rules (validateFoodItem) and maps their fields to columns', () => {
    const r = parseBulkRow(
      new Map<string, BulkCell>([
        ['foodname', 'Dup'],
        ['servingtime', '10:00-11:00, 10:00-11:00'],
        ['nutrition', JSON.stringify([{ name: 'Fat' }, { name: 'fat' }])],
      ]),
      null,
    );
    expect(r.errors).toEqual([
      { column: 'servingtime', message: 'This time range has already been added.' },
      { column: 'nutrition', message: 'The same nutrient appears twice.' },
    ]);
    expect(bulkHeaderOf(['extras', 'enable_as_mealdeal'])).toBe('enable_as_mealdeal');
    expect(bulkHeaderOf('datesavailable')).toBe('available_dates');
    expect(BULK_COLUMNS.every((c) => c.hint.length > 0)).toBe(true);
  });

  it('refuses a javascript: food_info_link in its cell, as the item editor does', () => {
    const bad = parseBulkRow(
      new Map<string, BulkCell>([
        ['foodname', 'Dal'],
        ['food_info_link', 'javascript:alert(1)'],
      ]),
      null,
    );
    expect(bad.fields).toBeNull();
    expect(bad.errors).toEqual([
      { column: 'food_info_link', message: 'Use a web address starting with https:// (or mailto:, tel:)' },
    ]);
    const good = parseBulkRow(new Map<string, BulkCell>([['food_info_link', 'https://example.com/dal']]), item);
    expect(good.errors).toEqual([]);
    expect(good.fields?.food_info_link).toBe('https://example.com/dal');
  });
});
