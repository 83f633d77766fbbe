import { defineUrlState, param } from '../../lib/url-state';

/** /push-setting: the food court whose settings show (`?foodcourt=`). */
export const pushSettingsUrl = defineUrlState({ foodcourt: param.id() });
