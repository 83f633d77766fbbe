import { z } from 'zod';

/**
 * How a client brands the back-office for its users (spec 000 §2.2 and §6: "one permitted-client value switches
 * the logo and selects a themed variant"; "a marketing-NZ domain setting hides the logo for one client"). Kept
 * in the client's settings under `branding`; missing parts take these defaults.
 */
export const clientBrandingSchema = z.object({
  /** A logo of the client's own ('' keeps the Control Desk mark). */
  logo_url: z.string().max(1000).default(''),
  /** `region` keeps the deployment's accent; yellow and orange are the spec's two (000 §9). */
  theme: z.enum(['region', 'yellow', 'orange']).default('region'),
  /** Deployments (country codes, e.g. `nz`) on which this client's users see no logo at all. */
  hide_logo_regions: z.array(z.string().max(10)).max(50).default([]),
});
export type ClientBranding = z.infer<typeof clientBrandingSchema>;

/** A client the signed-in user works for (one that owns a restaurant among their sites), as the profile names it. */
export type PermittedClient = { client: string; name: string; branding: ClientBranding };

export type Branding = { logoUrl: string; theme: 'yellow' | 'orange' | null; hideLogo: boolean };

const isBranded = (b: ClientBranding, country: string) =>
  b.logo_url !== '' || b.theme !== 'region' || b.hide_logo_regions.includes(country);

/** Ids in code-unit order: localeCompare would build the browser's collator, ~10 ms of every signed-in start. */
const byId = (a: PermittedClient, b: PermittedClient) => (a.client < b.client ? -1 : a.client > b.client ? 1 : 0);

/**
 * The branding a user sees: that of the first of their permitted clients (by id) that has one on this
 * deployment; the platform's own otherwise.
 */
export function brandingFor(clients: readonly PermittedClient[], country: string): Branding {
  const branded = [...clients].sort(byId).find((c) => isBranded(c.branding, country));
  if (!branded) return { logoUrl: '', theme: null, hideLogo: false };
  const b = branded.branding;
  return {
    logoUrl: b.logo_url,
    theme: b.theme === 'region' ? null : b.theme,
    hideLogo: b.hide_logo_regions.includes(country),
  };
}

/**
 * Client settings flags of spec 001 §3.4: each switches a part of the item editor on or off. Missing flags are
 * on, so a client that names none keeps the whole editor.
 */
export const CLIENT_FLAGS = [
  'allergensMapping',
  'nutritionalInfo',
  'commonItemImages',
  'defaultAllDaysAvailablity',
  'artificialSubstance',
] as const;
export type ClientFlag = (typeof CLIENT_FLAGS)[number];
export const clientFlagsSchema = z.object(
  Object.fromEntries(CLIENT_FLAGS.map((flag) => [flag, z.boolean().default(true)])) as Record<
    ClientFlag,
    z.ZodDefault<z.ZodBoolean>
  >,
);
export type ClientFlags = z.infer<typeof clientFlagsSchema>;
