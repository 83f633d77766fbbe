import type { ComponentType, LazyExoticComponent } from 'react';

/** A page loaded on demand (spec 000 §2.2); features export theirs by navigation path. */
export type LazyPage = LazyExoticComponent<ComponentType>;
