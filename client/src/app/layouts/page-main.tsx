import { Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { RouteOutlet } from '../route-outlet';

/**
 * Every layout's main region: the skip link's target, where the route's page shows, with a spinner
 * while a lazy page loads. A layout sets only how it is laid out.
 */
export function PageMain({ className }: { className: string }) {
  return (
    <main id="main" className={className}>
      <Suspense fallback={<Spinner />}>
        <RouteOutlet />
      </Suspense>
    </main>
  );
}
