import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvertRequestForm, ValidProfile } from '../../../shared/contracts/account';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';

/**
 * Keys carry the client id so that a second person on the same browser never sees the first
 * one's cached data; staleTime 0 because the quiz and the admin change these behind the page.
 */
function useClientKey(part: string) {
  return ['client', useSessionHint('client'), part] as const;
}

export function useProfile() {
  return useQuery({
    queryKey: useClientKey('profile'),
    queryFn: () => apiPost('client/profile', {}),
    select: (response) => response.profile,
    staleTime: 0,
  });
}

export function useOwnAdvert() {
  return useQuery({
    queryKey: useClientKey('advert'),
    queryFn: () => apiPost('client/advert/get', {}),
    select: (response) => response.advert,
    staleTime: 0,
  });
}

export function useOwnQuiz() {
  return useQuery({
    queryKey: useClientKey('quizz'),
    queryFn: () => apiPost('client/quizz/get', {}),
    select: (response) => response.quizz,
    staleTime: 0,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const key = useClientKey('profile');
  return useMutation({
    mutationFn: (profile: ValidProfile) => apiPost('client/profile/update', { profile }),
    onSuccess: (response) => queryClient.setQueryData(key, response),
  });
}

export function useRequestAdvertUpdate() {
  const queryClient = useQueryClient();
  const key = useClientKey('advert');
  return useMutation({
    mutationFn: (advert: AdvertRequestForm) => apiPost('client/advert/update', { advert }),
    // The specification reloads the advert after a successful request.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
