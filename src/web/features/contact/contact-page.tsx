import { Mail, MessageCircle, Phone } from 'lucide-react';
import { CONTACT, EMAIL_LINK, PHONE_LINK, whatsappLink } from '../../../shared/domain/contact';
import { usePageTitle } from '../../components/use-page-title';

export function ContactPage() {
  usePageTitle('Contacto');
  const channels = [
    {
      href: whatsappLink(),
      icon: MessageCircle,
      title: 'WhatsApp',
      detail: CONTACT.phoneDisplay,
      action: 'Escríbenos por WhatsApp',
      external: true,
    },
    {
      href: EMAIL_LINK,
      icon: Mail,
      title: 'Correo electrónico',
      detail: CONTACT.email,
      action: 'Envíanos un correo',
      external: false,
    },
    {
      href: PHONE_LINK,
      icon: Phone,
      title: 'Teléfono',
      detail: CONTACT.phoneDisplay,
      action: 'Llámanos',
      external: false,
    },
  ];
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold md:text-4xl">Contacto</h1>
      <p className="mt-3 text-lg text-muted">
        ¿Dudas sobre un evento, tu cuenta o tu anuncio? Nos encanta platicar: escríbenos por el medio que
        prefieras.
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {channels.map((channel) => (
          <li key={channel.title} className="flex flex-col rounded-2xl bg-white p-6 ring-1 ring-black/5">
            <channel.icon className="size-8 text-accent" aria-hidden />
            <h2 className="mt-3 font-semibold">{channel.title}</h2>
            <p className="mt-1 break-words text-muted">{channel.detail}</p>
            <a
              href={channel.href}
              {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className="mt-4 rounded-full bg-accent px-4 py-2 text-center text-sm font-semibold text-white hover:bg-accent-dark"
            >
              {channel.action}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-sm text-muted">Horario de atención: {CONTACT.hours}.</p>
    </section>
  );
}
