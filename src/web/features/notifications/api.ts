import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferencesUpdateBody } from '../../../shared/contracts/push';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';
import { currentSubscription, forgetThisDevice, subscribeThisDevice } from './this-device';

const pushKey = (clientId: number | null) => ['push-preferences', clientId] as const;

/** Her preferences per kind, and whether this device is one of hers. */
export function usePushPreferences() {
  const clientId = useSessionHint('client');
  return useQuery({
    queryKey: pushKey(clientId),
    queryFn: async () => {
      const subscription = await currentSubscription().catch(() => null);
      return apiPost('client/push/preferences/get', subscription ? { endpoint: subscription.endpoint } : {});
    },
  });
}

export function useUpdatePushPreference() {
  const queryClient = useQueryClient();
  const clientId = useSessionHint('client');
  return useMutation({
    mutationFn: (preferences: PushPreferencesUpdateBody['preferences']) =>
      apiPost('client/push/preferences/update', { preferences }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKey(clientId) }),
  });
}

export function useThisDeviceSwitch() {
  const queryClient = useQueryClient();
  const clientId = useSessionHint('client');
  return useMutation({
    mutationFn: (on: boolean) => (on ? subscribeThisDevice() : forgetThisDevice()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKey(clientId) }),
  });
}
