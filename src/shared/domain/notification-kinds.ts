/**
 * The kinds of push notification a member can turn on or off in /configuracion (docs/design/21-pocket.md),
 * with the Spanish label the settings page shows.
 */
export const NOTIFICATION_KINDS = [
  'messages',
  'place_freed',
  'payment_due',
  'new_match',
  'event_reminder',
  'organizer_messages',
  'invite_reward',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'Mensajes',
  place_freed: 'Se liberó un lugar',
  payment_due: 'Pago por vencer',
  new_match: 'Nuevo match',
  event_reminder: 'Recordatorio de evento',
  organizer_messages: 'Mensajes de los organizadores',
  invite_reward: 'Códigos por invitar a alguien',
};
