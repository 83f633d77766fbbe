import Box from '@mui/material/Box';
import { useBranding } from './use-branding';

/**
 * The logo of the top bar: a permitted client's own when it brands the back-office, none where that client
 * hides it (spec 000 §2.2, §6), else the Control Desk mark. Decorative: the title names the product.
 */
export function Logo({ size = 32 }: { size?: number }) {
  const branding = useBranding();
  if (branding.hideLogo) return null;
  if (branding.logoUrl) {
    return (
      <Box
        component="img"
        src={branding.logoUrl}
        alt=""
        data-testid="client-logo"
        sx={{ width: size, height: size, objectFit: 'contain', flexShrink: 0 }}
      />
    );
  }
  return <ControlDeskMark size={size} />;
}

/** The Control Desk mark: a desk-bell on a square, drawn inline so it needs no request. */
function ControlDeskMark({ size }: { size: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" sx={{ flexShrink: 0 }}>
      <rect width="32" height="32" rx="8" fill="#2E2E38" />
      <path d="M7 22h18v2.5H7z" fill="#FFFFFF" />
      <path d="M9 21a7 7 0 0 1 14 0z" fill="#FFFFFF" />
      <circle cx="16" cy="11.5" r="1.8" fill="#FFFFFF" />
    </Box>
  );
}
