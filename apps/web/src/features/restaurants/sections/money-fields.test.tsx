import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConvenienceFeeEditor } from '../dialogs/convenience-fee-editor';
import { renderInForm } from '../testing/form-harness';
import { DeliverySection } from './delivery-section';
import { PricingSection } from './pricing-section';

/** The adornments drawn inside a field's outline (a currency symbol before, "%" after). */
const adornmentOf = (label: string) =>
  [...(screen.getByLabelText(label).closest('.MuiInputBase-root')?.querySelectorAll('.MuiInputAdornment-root') ?? [])]
    .map((a) => a.textContent)
    .join(' ');

describe("money fields show the restaurant's currency (issue 21 point 7)", { timeout: 60_000 }, () => {
  it("puts the chosen currency's symbol beside amounts, and % beside a fee while it is a percentage", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInForm(<PricingSection />, { currency: 'GBP' });
    expect(adornmentOf('Discount cap')).toContain('£');
    expect(adornmentOf('Cashback cap')).toContain('£');
    expect(adornmentOf('Convenience fee')).toContain('£');
    await user.click(screen.getByLabelText('Convenience fee is a percentage'));
    expect(adornmentOf('Convenience fee')).toContain('%');
    expect(adornmentOf('Convenience fee')).not.toContain('£');
    // Percentages stay plain numbers.
    expect(adornmentOf('Discount (%)')).toBe('');
  });

  it("a new restaurant's amounts are in the region's currency; the fee rows' range and fee too", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInForm(
      <>
        <DeliverySection />
        <ConvenienceFeeEditor />
      </>,
    );
    expect(adornmentOf('Minimum delivery amount')).toContain('₹');
    expect(adornmentOf('Minimum order amount')).toContain('₹');
    expect(adornmentOf('Fee for this range')).toContain('₹');
    await user.click(screen.getByLabelText('Percentage'));
    expect(adornmentOf('Fee for this range')).toContain('%');
  });
});
