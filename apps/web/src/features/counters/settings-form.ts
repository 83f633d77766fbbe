import type { UseFormReturn } from 'react-hook-form';
import { counterSettingsSchema, type CounterSettings } from '@cd/core';

/** The part of a form that holds a counter's settings (the template form's and the counter form's). */
export type SettingsValues = { settings: CounterSettings };
export type SettingsForm = UseFormReturn<SettingsValues, unknown, SettingsValues>;

/** Core's defaults: Default mode, no option types or inputs, no cloud card, the app and kiosk channels. */
export const defaultSettings = (): CounterSettings => counterSettingsSchema.parse({});

/** A settings copy the form can edit without touching the cached row. */
export const copySettings = (settings?: CounterSettings): CounterSettings =>
  settings ? (JSON.parse(JSON.stringify(settings)) as CounterSettings) : defaultSettings();

/** Narrows a form with more fields to its settings part (the fields components only touch `settings`). */
export const settingsPart = (form: unknown) => form as SettingsForm;
