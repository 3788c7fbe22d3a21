/** Status codes of section 3-4 of the specification, named once. */
export const EVENT_STATUS = { deleted: 0, confirmed: 1, soldOut: 2, suspended: 3 } as const;
export const CLIENT_STATUS = { active: 1, inactive: 2, erased: 3 } as const;
export const ADMIN_STATUS = { deleted: 0, active: 1, inactive: 2 } as const;
export const ADVERT_STATUS = { visible: 1, hidden: 2 } as const;
export const INTEREST_STATUS = { withdrawn: 0, oneWay: 1, mutual: 2 } as const;
/** 1 and 2 hold a place of the member's gender; 3 waits for one; 4 gave it up (docs/design/11-night-out.md). */
export const ASSISTANCE_STATUS = { registered: 1, confirmed: 2, waiting: 3, cancelled: 4 } as const;

export const ADMIN_STATUS_LABELS: Record<number, string> = {
  0: 'Eliminado',
  1: 'Activo',
  2: 'Inactivo',
};

export const EVENT_STATUS_LABELS: Record<number, string> = {
  0: 'Eliminado',
  1: 'Confirmado',
  2: 'Agotado',
  3: 'Suspendido',
};

export const ASSISTANCE_STATUS_LABELS: Record<number, string> = {
  1: 'Registrado',
  2: 'Confirmado',
  3: 'Lista de espera',
  4: 'Cancelado',
};

/** A payment's state as a member or an organizer reads it. */
export const PAYMENT_STATUS_LABELS = {
  pending: 'Pendiente',
  paid: 'Pagado',
  refunded: 'Reembolsado',
  failed: 'No pagado',
  manual: 'Pagado a mano',
  void: 'Anulado',
} as const satisfies Record<string, string>;
