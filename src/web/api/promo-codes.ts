import { useMutation } from '@tanstack/react-query';
import type { ClientCodeCheckBody } from '../../shared/contracts/promo-codes';
import { apiPost } from './client';

/** The price she would pay with a code, asked before she signs up or pays (docs/design/25-organizers.md). */
export function useCheckCode() {
  return useMutation({
    mutationFn: (body: ClientCodeCheckBody) => apiPost('client/code/check', body),
  });
}
