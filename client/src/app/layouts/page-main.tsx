import { Suspense, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { RouteOutlet } from '../route-outlet';
import { usePageFocus } from './page-focus.hook';

/**
 * Every layout's main region: the skip link's target, where the route's page shows, with a spinner
 * while a lazy page loads, and announced on arrival. A layout sets only how it is laid out.
 */
export function PageMain({ className }: { className: string }) {
  const main = useRef<HTMLElement>(null);
  usePageFocus(main);
  return (
    <main ref={main} id="main" className={className}>
      <Suspense fallback={<Spinner />}>
        <RouteOutlet />
      </Suspense>
    </main>
  );
}
