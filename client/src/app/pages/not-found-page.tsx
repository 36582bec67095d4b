import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <Link to={PATHS.home} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
        Go back home
      </Link>
    </section>
  );
}
