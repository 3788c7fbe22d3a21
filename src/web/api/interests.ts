import { useQuery } from '@tanstack/react-query';
import { apiPost } from './client';

/** Cache key of the caller's interests: /personas marks them, /intereses lists and removes them. */
export const MY_INTERESTS_KEY = ['client', 'interests'] as const;

/** The logged-in client's one-way and mutual interests. */
export function useMyInterests(enabled = true) {
  return useQuery({
    queryKey: MY_INTERESTS_KEY,
    enabled,
    queryFn: () => apiPost('client/interested/get', {}),
  });
}
