import { usePageTitle } from '../../components/use-page-title';

export function InterestsPage() {
  usePageTitle('Mis intereses');
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Mis intereses</h1>
    </section>
  );
}
