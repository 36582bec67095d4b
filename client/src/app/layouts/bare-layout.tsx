import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';

/** The shell with neither the main header nor the footer (SPEC.md §2). */
export function BareLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
