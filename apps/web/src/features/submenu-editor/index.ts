/**
 * The submenu editor (spec 001 §2.4, §3.6–§3.8, §4.3, §5.3): a full-screen dialog in menu mode or price-book mode.
 * It loads what it needs and saves by itself, then calls onClose(true) so the page reloads its list.
 *
 * Accessible names the browser journeys can rely on:
 * - the dialog: "Submenu"; toolbar buttons "Close" and "Save submenu"
 * - textboxes "Title", "Description"; checkboxes "Mandatory", "Multiple"; when multiple, textboxes "Minimum"
 *   and "Maximum"; textboxes "Free quantity", "Min quantity", "Max quantity"; price-book mode: combobox "Tags"
 * - options: buttons "Add option" and "Edit sequence"; menu mode combobox "Add from menu items" (items enabled
 *   as submenu); price-book mode combobox "Search items" (at least 3 characters; its list also offers
 *   "Create option “<text>”", confirmed by a dialog with "Yes"/"No")
 * - the options table ("Options"): header checkbox "Hide all"; per row checkbox "Hide <option name>", buttons
 *   "Edit <option name>" and "Delete <option name>"; when mandatory and not multiple, radios
 *   "Default <option name>"
 * - the option dialog ("Add option" / "Edit option"): textboxes "Option name", "Short name", "Price";
 *   radios "Item" / "Group" (group "Option type"), "Selection" / "Quantity" (group "Display"); textboxes
 *   "Free quantity", "Min quantity", "Max quantity"; for groups checkboxes "Mandatory", "Multiple",
 *   textboxes "Minimum", "Maximum", "Sub-option name", "Sub-option price", button "Add sub-option",
 *   per sub-option "Delete <name>" and (mandatory, single) radio "Default <name>"; buttons "Cancel", "Done"
 * - the sequence dialog ("Edit sequence"): per option a drag handle "Move <option name>" (Space picks up,
 *   arrow keys move, Space drops); buttons "Cancel", "Done"
 * - menu mode connections: combobox "Connect to menu items"
 * - a new option's dialog closed half-typed stays pending (an alert with "Continue" / "Discard"); while it is
 *   pending, Save submenu is refused with the saveOption message
 * - a refused save: an alert "Not saved: <n> problems are marked below." and each rule's text at its field
 *   (Title, Description, Minimum, Maximum, Max quantity as their descriptions; the options' and the default's
 *   under the options table; the connections' under their dropdown), several at once, following the edits
 * - Done refused in the option dialog: an alert "Fix the <n> problems marked below." and each rule's text at its
 *   field ("Option name", "Max quantity", "Minimum", "Maximum"; a group's sub-options and default under its list);
 *   "Add sub-option" refused: the text under "Sub-option name"
 * - "Add option" while manual adding is blocked: an alert dialog "Warning!" with the reason and "Got it"; closing
 *   with unsaved changes: a dialog "Discard changes?" with "Yes" / "No"
 */
export { SubmenuEditor } from './submenu-editor';
export type { SubmenuEditorProps } from './types';
