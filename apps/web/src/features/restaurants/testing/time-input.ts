import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types HHmm into the MUI time field labelled `label` (its sections are spinbuttons in a group). */
export async function typeTime(user: UserEvent, label: string, hhmm: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(hhmm.replace(':', ''));
}
