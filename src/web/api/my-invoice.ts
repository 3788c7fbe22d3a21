import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalDataInput, FiscalProfile } from '../../shared/contracts/invoices';
import { apiPost } from './client';

/** Where the fiscal document of one of her paid places stands (docs/design/28-facturas.md). */
export function useMyInvoice(assistanceId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['client', 'invoice', assistanceId],
    enabled,
    queryFn: () => apiPost('client/invoice/get', { assistance_id: assistanceId }),
    select: (response) => response.invoice,
    // Right after paying, the receipt may still be on its way from the PAC.
    refetchInterval: (query) => (query.state.data?.invoice.state === 'pending' ? 3000 : false),
    retry: false,
  });
}

/** Her fiscal profile, to fill the form with what she used last time. */
export function useFiscalProfile(enabled: boolean) {
  return useQuery({
    queryKey: ['client', 'fiscal-profile'],
    enabled,
    queryFn: () => apiPost('client/fiscal-profile/get', {}),
    select: (response) => response.profile,
  });
}

export function useInvoicePlace(assistanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form's régimen and uso come from the catalogs' own lists; the server checks them again.
    mutationFn: (fiscal: FiscalProfile) =>
      apiPost('client/invoice/add', { assistance_id: assistanceId, fiscal: fiscal as FiscalDataInput }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['client', 'invoice', assistanceId], answer);
      void queryClient.invalidateQueries({ queryKey: ['client', 'fiscal-profile'] });
    },
  });
}
