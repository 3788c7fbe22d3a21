import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';

/** Her invite link, what it brought and the codes it earned her (docs/design/25-organizers.md). */
export function useInvites() {
  const clientId = useSessionHint('client');
  return useQuery({ queryKey: ['invites', clientId], queryFn: () => apiPost('client/invite/get', {}) });
}
