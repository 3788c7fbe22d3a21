import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClientPaymentsCheckoutBody } from '../../shared/contracts/payments';
import { apiPost } from './client';

/**
 * Where the member stands with the payment of each of her places (docs/design/15-payments.md). While `poll`
 * is set (the page she returns to from the payment page) it is read again every 2 seconds: the
 * provider's confirmation may arrive a moment after her browser does.
 */
export function useMyPayments(enabled = true, poll = false) {
  return useQuery({
    queryKey: ['client', 'payments'],
    enabled,
    queryFn: () => apiPost('client/payments/get', {}),
    select: (response) => response.payments,
    refetchInterval: poll ? 2000 : false,
  });
}

/** Opens (or reopens) the payment page of the member's held place and goes there. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: ({ eventId, code }: { eventId: number; code?: string }) =>
      apiPost('client/payments/checkout', { event_id: eventId, code } satisfies ClientPaymentsCheckoutBody),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
}
