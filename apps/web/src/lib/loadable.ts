import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type Loadable<P extends object> = ComponentType<P> & {
  /** Starts loading (once); resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * A component whose code loads on demand and, once loaded, renders at once; while it loads, `fallback` shows.
 * It does not suspend: after any Suspense boundary switches between fallback and content, React holds the next
 * boundary's content back for 300 ms (react-dom's fallback throttle), which a cold start paid again at each level of
 * nested lazy components (signed-in app, shell, page). A load that fails throws on render, to the nearest error
 * boundary or route error element, as React.lazy does.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Loadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));

  function LoadableComponent(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({
      component: loaded,
    }));
    useEffect(() => {
      if (state.component || 'error' in state) return;
      let current = true;
      preload().then(
        (component) => current && setState({ component }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [state]);
    if ('error' in state) throw state.error;
    return state.component ? createElement(state.component, props) : fallback;
  }
  return Object.assign(LoadableComponent, { preload });
}
