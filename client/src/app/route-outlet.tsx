import { PATHS } from '@apotheca/contract';
import { Component, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { hydrationEnds } from '../lib/hydration.hook';

/** What a page that crashed shows in its place: a message and a way home, inside the site's shell. */
function PageCrashed() {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">This page could not be shown</h1>
      <p className="text-muted">Something went wrong. Please try again.</p>
      <Link to={PATHS.home} className={buttonClasses()}>
        Go back home
      </Link>
    </section>
  );
}

class RouteErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override render() {
    return this.state.crashed ? <PageCrashed /> : this.props.children;
  }
}

/**
 * The layouts' outlet: a crash in one page shows a message and a way home instead of a white screen,
 * and the next page (a new path) starts afresh. The page is the last part of a server-rendered page
 * to hydrate, so its outlet says when hydration is over.
 */
export function RouteOutlet() {
  const { pathname } = useLocation();
  useEffect(hydrationEnds, []);
  return (
    <RouteErrorBoundary key={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
