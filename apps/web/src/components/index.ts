/**
 * The shared dialogs and widgets of spec 000 §2.4. Feature-free: nothing here imports features/ or app/.
 * Sign-in screens import single files instead of this barrel, to keep the date pickers out of the initial JS.
 */
export { AlertPopup, type AlertPopupProps } from './alert-popup';
export { ConfirmPopup, type ConfirmPopupProps } from './confirm-popup';
export { CopyIdButton } from './copy-id-button';
export { DateLocalizationProvider, EnsureDateLocalization } from './date-localization-provider';
export { DateSelection, type DateSelectionMode, type DateSelectionProps } from './date-selection';
export { DEFAULT_MAX_DATES } from './date-selection-rules';
export {
  ThemedDateTimePicker,
  type DatePickerFieldProps,
  type MultiDateProps,
  type ThemedDateTimePickerProps,
  type TimePickerFieldProps,
} from './date-time-picker';
export { DATE_FORMAT, ISO_DATE, TIME_FORMAT, formatIsoDate, parseIsoDate, parseTime } from './date-values';
export { FormCheckGroup } from './form-check-group';
export { FieldRow, FormSection, TextChips } from './form-parts';
export { GenericDialog, type GenericDialogProps } from './generic-dialog';
export {
  MULTI_SELECT_NAMES_SHOWN,
  MultiSelectDropdown,
  summariseSelection,
  type MultiSelectDropdownProps,
  type MultiSelectOption,
} from './multi-select-dropdown';
export { moneyAdornment } from './money-adornment';
export { NotifierProvider } from './notifier';
export { NumberInput, isBlockedNumberKey, type NumberInputProps } from './number-input';
export { PageLoading } from './page-loading';
export { PopupIcon, type PopupType } from './popup-icon';
export { RestaurantPicker } from './restaurant-picker';
export { RadioGroupField, type RadioGroupFieldProps, type RadioOption } from './radio-group-field';
export { SELECTED_DATES_MAX_HEIGHT, SelectedDateList, type SelectedDateListProps } from './selected-date-list';
export {
  SnackbarProvider,
  useNotify,
  useSnackbar,
  type Notice,
  type Notify,
  type SnackbarApi,
  type SnackbarSeverity,
} from './snackbar';
export { StaticMultiDateCalendar, type StaticMultiDateCalendarProps } from './static-multi-date-calendar';
export { TextInput, type TextInputProps } from './text-input';
export { WEEKDAYS, WeekdayCheckboxGroup, type Weekday, type WeekdayCheckboxGroupProps } from './weekday-checkbox-group';
