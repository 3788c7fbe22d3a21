/** How people reach Cita: one place for the contact page and every link to it. */
export const CONTACT = {
  /** Demo numbers and addresses: replace them with the real ones before going live. */
  whatsappNumber: '525512345678',
  phoneDisplay: '55 1234 5678',
  phoneInternational: '+525512345678',
  email: 'hola@cita.mx',
  privacyEmail: 'privacidad@cita.mx',
  hours: 'lunes a viernes de 10:00 a 19:00 h, sábados de 10:00 a 14:00 h (hora del centro de México)',
  legalName: 'Cita Eventos Sociales, S.A. de C.V.',
  address:
    'Av. Álvaro Obregón 123, interior 4, colonia Roma Norte, alcaldía Cuauhtémoc, C.P. 06700, Ciudad de México',
} as const;

export const WHATSAPP_GREETING = 'Hola, me gustaría recibir información sobre los eventos de Cita.';

export function whatsappLink(message: string = WHATSAPP_GREETING): string {
  return `https://wa.me/${CONTACT.whatsappNumber}?text=${encodeURIComponent(message)}`;
}

export const EMAIL_LINK = `mailto:${CONTACT.email}`;
export const PHONE_LINK = `tel:${CONTACT.phoneInternational}`;
