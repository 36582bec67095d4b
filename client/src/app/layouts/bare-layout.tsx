import { PageHeader } from '../../components/ui/page-header';
import { PageMain } from './page-main';
import { BrandLogo } from './brand-logo';

/** The shell with neither the main header nor the footer, for forms and pages of their own: only the logo, to find the way home. */
export function BareLayout() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageHeader className="mx-auto max-w-7xl px-4 py-4">
        <BrandLogo />
      </PageHeader>
      <PageMain className="px-4 pb-16" />
    </div>
  );
}
