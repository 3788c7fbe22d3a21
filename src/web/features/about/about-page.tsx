import { HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';

const STEPS = [
  {
    title: 'Crea tu cuenta',
    text: 'Regístrate gratis, completa tu perfil y escribe un anuncio breve sobre ti. Nuestro equipo lo revisa antes de publicarlo.',
  },
  {
    title: 'Contesta el cuestionario',
    text: 'Veinte preguntas sobre lo que buscas y cómo vives el amor. Con ellas encontramos a las personas más afines a ti.',
  },
  {
    title: 'Ve a un evento',
    text: 'Speed dating, cenas a ciegas, fiestas y salidas en grupo. Eliges el plan, nosotros cuidamos cada detalle.',
  },
  {
    title: 'Conecta cuando sea mutuo',
    text: 'Marca tu interés en quien te llamó la atención. Solo cuando el interés es de ambos lados se abren las puertas.',
  },
];

export function AboutPage() {
  usePageTitle('Nosotros');
  return (
    <>
      <section className="bg-accent-soft">
        <div className="mx-auto max-w-4xl px-4 py-12 md:py-16">
          <h1 className="text-3xl font-bold md:text-5xl">Somos Cita</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            Nacimos en la Ciudad de México en 2019 con una idea sencilla: conocer a alguien se siente mejor en
            persona. Detrás de Cita hay un equipo pequeño de anfitriones, casamenteras y organizadores de
            eventos que creen que una buena plática vale más que mil fotos.
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-4xl space-y-4 px-4 py-12 leading-relaxed">
        <h2 className="text-2xl font-bold">Quiénes somos</h2>
        <p>
          Empezamos organizando noches de speed dating en una cafetería de la colonia Roma para amigos de
          amigos. Hoy reunimos a miles de personas solteras en la Ciudad de México, Guadalajara, Monterrey y
          Querétaro, con eventos cada semana y experiencias especiales en distintos rincones del país.
        </p>
        <p>
          Lo que no ha cambiado es la manera de hacerlo: grupos equilibrados, lugares cómodos, anfitriones
          atentos y mucho respeto. Queremos que cada persona que llega sola a un evento se vaya con ganas de
          volver, haya encontrado pareja, amistades o simplemente una gran noche.
        </p>
      </section>

      <section aria-labelledby="how-title" className="bg-white">
        <div className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="how-title" className="text-2xl font-bold">
            Cómo funciona
          </h2>
          <ol className="mt-6 grid gap-6 sm:grid-cols-2">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-cream p-6 ring-1 ring-black/5">
                <span className="text-sm font-bold text-accent">Paso {index + 1}</span>
                <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-12">
        <h2 className="text-2xl font-bold">Tu seguridad es primero</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          <li className="rounded-2xl bg-white p-6 ring-1 ring-black/5">
            <ShieldCheck className="size-8 text-accent" aria-hidden />
            <h3 className="mt-3 font-semibold">Tus datos no se exhiben</h3>
            <p className="mt-2 text-sm text-muted">
              Tu correo, teléfono, Instagram y fecha de nacimiento nunca aparecen en tu anuncio. Solo
              compartimos un contacto cuando el interés es mutuo.
            </p>
          </li>
          <li className="rounded-2xl bg-white p-6 ring-1 ring-black/5">
            <HeartHandshake className="size-8 text-accent" aria-hidden />
            <h3 className="mt-3 font-semibold">Anuncios revisados</h3>
            <p className="mt-2 text-sm text-muted">
              Cada anuncio y cada cambio pasa por nuestro equipo antes de publicarse. Si algo no se siente
              bien, escríbenos y lo atendemos el mismo día.
            </p>
          </li>
          <li className="rounded-2xl bg-white p-6 ring-1 ring-black/5">
            <Sparkles className="size-8 text-accent" aria-hidden />
            <h3 className="mt-3 font-semibold">Eventos con anfitrión</h3>
            <p className="mt-2 text-sm text-muted">
              En todos nuestros eventos hay personal de Cita, acceso solo para personas inscritas y lugares
              públicos y concurridos. Te recomendamos que tus primeras citas también lo sean.
            </p>
          </li>
        </ul>
        <p className="mt-10 text-center">
          ¿Tienes dudas?{' '}
          <Link to="/contacto" className="font-semibold text-accent underline">
            Escríbenos
          </Link>{' '}
          o{' '}
          <Link to="/eventos" className="font-semibold text-accent underline">
            mira los próximos eventos
          </Link>
          .
        </p>
      </section>
    </>
  );
}
