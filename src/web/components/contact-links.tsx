import { AtSign, MessageCircle, Phone } from 'lucide-react';
import type { SharedContact } from '../../shared/contracts/interests';
import { formatPhone } from '../../shared/domain/phone-display';

/**
 * The other person's phone, WhatsApp and Instagram, once both shared them (docs/design/26-contact.md): on
 * /intereses and in their conversation. Nothing is drawn while the server sends them empty.
 */
export function ContactLinks({ contact, name }: { contact: SharedContact; name: string }) {
  const instagram = contact.instagram.replace(/^@/, '');
  if (!contact.phone && !instagram) return null;
  return (
    <ul aria-label={`Contacto de ${name}`} className="mt-3 flex flex-col gap-2 text-sm">
      {contact.whatsapp ? (
        <li>
          <a
            href={contact.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full min-h-11 bg-emerald-700 px-4 font-semibold text-white hover:bg-emerald-800"
          >
            <MessageCircle className="size-4" aria-hidden /> Escríbele por WhatsApp
          </a>
        </li>
      ) : null}
      {contact.phone ? (
        <li>
          <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-2 text-accent underline">
            <Phone className="size-4" aria-hidden /> {formatPhone(contact.phone)}
          </a>
        </li>
      ) : null}
      {instagram ? (
        <li>
          <a
            href={`https://www.instagram.com/${encodeURIComponent(instagram)}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 text-accent underline"
          >
            <AtSign className="size-4" aria-hidden /> {instagram}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
