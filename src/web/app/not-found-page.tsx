import { Link } from 'react-router';
import { usePageTitle } from '../components/use-page-title';

export function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-semibold">No encontramos esta página</h1>
      <Link to="/" className="mt-6 inline-block text-accent underline">
        Volver al inicio
      </Link>
    </section>
  );
}
