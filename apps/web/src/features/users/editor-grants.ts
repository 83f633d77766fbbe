import { useMemo } from 'react';
import { grantedPages, type LocationNode, type UserSites, type VendorProfile } from '@cd/core';
import { useProfile } from '../auth';
import { useUser } from './api';

/**
 * What the signed-in editor may give (spec 000 §6, server rule `cannotGrant`): admins give anything; others
 * only the pages and fine permissions they hold and only their own sites.
 */
export type EditorGrants = {
  userid: string;
  admin: boolean;
  canGrantAdmin: boolean;
  canGrantPage: (page: string) => boolean;
  canGrantPermission: (permission: string) => boolean;
  /** The editor's own sites tree (location → food courts → restaurants), in name order. */
  siteTree: LocationNode[];
  /** Whether the editor may give a whole location / food court (they hold it whole themselves). */
  canGrantWholeLocation: (location: string) => boolean;
  canGrantWholeFoodcourt: (foodcourt: string, location: string) => boolean;
};

type ProfileLike = Partial<Pick<VendorProfile, 'userid' | 'loc2fc2rest_details_map'>> & {
  vendorextras?: Partial<VendorProfile['vendorextras']>;
};

export function buildEditorGrants(profile: ProfileLike | undefined, ownSites: UserSites | undefined): EditorGrants {
  const extras = profile?.vendorextras ?? {};
  const admin = extras.admin === true;
  const pages = grantedPages({
    admin,
    pagepermissionaccess: extras.pagepermissionaccess ?? [],
    permissions: extras.permissions ?? [],
  });
  const fine = new Set(extras.permissions ?? []);
  const sites = ownSites ?? { locations: [], foodcourts: [], restaurants: [] };
  const siteTree = Object.values(profile?.loc2fc2rest_details_map ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  return {
    userid: profile?.userid ?? '',
    admin,
    canGrantAdmin: admin,
    canGrantPage: (page) => admin || pages.has(page),
    canGrantPermission: (permission) => admin || fine.has(permission),
    siteTree,
    canGrantWholeLocation: (location) => admin || sites.locations.includes(location),
    canGrantWholeFoodcourt: (foodcourt, location) =>
      admin || sites.locations.includes(location) || sites.foodcourts.includes(foodcourt),
  };
}

/** The editor's grants, from the profile; a non-admin's own record tells which sites they hold whole. */
export function useEditorGrants(): { grants: EditorGrants; isPending: boolean } {
  const profile = useProfile();
  const data = profile.data as ProfileLike | undefined;
  const admin = data?.vendorextras?.admin === true;
  const own = useUser(data && !admin ? data.userid : undefined);
  const grants = useMemo(() => buildEditorGrants(data, own.data?.sites), [data, own.data]);
  return { grants, isPending: profile.isPending || (Boolean(data) && !admin && own.isPending) };
}
