import type { ImageManagerItem } from '@cd/core';

/** Spec 001 §2.2: the image manager searches the url; names and keywords are searched too. Case-insensitive. */
export function matchesMediaSearch(item: Pick<ImageManagerItem, 'url' | 'name' | 'keywords'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [item.url, item.name, ...item.keywords].some((text) => text.toLowerCase().includes(needle));
}
