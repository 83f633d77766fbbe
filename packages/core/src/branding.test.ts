import { describe, expect, it } from 'vitest';
import { brandingFor, clientBrandingSchema, clientFlagsSchema, type PermittedClient } from './branding.js';

const client = (id: string, branding: Partial<PermittedClient['branding']> = {}): PermittedClient => ({
  client: id,
  name: id,
  branding: clientBrandingSchema.parse(branding),
});

describe('client branding (spec 000 §2.2, §6)', () => {
  it('a branded permitted client switches the logo and the theme', () => {
    const clients = [client('acme'), client('globex', { logo_url: '/branding/globex.svg', theme: 'orange' })];
    expect(brandingFor(clients, 'in')).toEqual({ logoUrl: '/branding/globex.svg', theme: 'orange', hideLogo: false });
  });

  it('without a branded client the platform mark and the region theme stay', () => {
    expect(brandingFor([client('acme')], 'in')).toEqual({ logoUrl: '', theme: null, hideLogo: false });
    expect(brandingFor([], 'in')).toEqual({ logoUrl: '', theme: null, hideLogo: false });
  });

  it('a client can hide the logo on one deployment only (marketing NZ)', () => {
    const clients = [client('acme', { hide_logo_regions: ['nz'] })];
    expect(brandingFor(clients, 'nz').hideLogo).toBe(true);
    expect(brandingFor(clients, 'in').hideLogo).toBe(false);
  });

  it('the first branded client by id decides when there are several', () => {
    const clients = [client('zeta', { theme: 'yellow' }), client('beta', { theme: 'orange' })];
    expect(brandingFor(clients, 'uk').theme).toBe('orange');
  });

  it('client flags default to on (spec 001 §3.4)', () => {
    expect(clientFlagsSchema.parse({ nutritionalInfo: false })).toEqual({
      allergensMapping: true,
      nutritionalInfo: false,
      commonItemImages: true,
      defaultAllDaysAvailablity: true,
      artificialSubstance: true,
    });
  });
});
