import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page (or a layout) in a chunk of its own, like React.lazy, that can also be loaded ahead of its render. Once
 * loaded it renders at once instead of suspending, so a server-rendered page whose chunk was preloaded
 * hydrates in one pass (main.tsx), and the server renders it without waiting.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = lazy(loadOnce);
  const Page = () => {
    const Loaded = loaded ?? Suspending;
    return <Loaded />;
  };
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
