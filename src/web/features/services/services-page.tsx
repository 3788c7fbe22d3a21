import { ServiceGrid } from '../../components/service-card';
import { usePageTitle } from '../../components/use-page-title';

export function ServicesPage() {
  usePageTitle('Servicios');
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold md:text-4xl">Servicios</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Desde una cita a ciegas hasta una escapada entre viñedos: elige la forma de conocer gente que va
        contigo.
      </p>
      <ServiceGrid eagerFirst />
    </section>
  );
}
