import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** A resource table once its rows have loaded (the frame marks it aria-busy while a page loads). */
export async function loadedTable(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}
