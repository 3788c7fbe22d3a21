import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenderId } from '../../../shared/domain/genders';
import { apiPost } from '../../api/client';
import { MY_INTERESTS_KEY } from '../../api/interests';
import { useSessionHint } from '../../api/session-hint';

/** Adverts per 'Ver más' on /personas: two rows of three on a desktop, a short scroll on a phone. */
export const PEOPLE_PAGE_SIZE = 6;

/** How wide a card's photo is drawn; the server preloads a member's first one with the same sizes. */
export const PERSON_CARD_SIZES =
  '(min-width: 1152px) 365px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 2rem)';

/**
 * Published adverts of one gender (or everyone), a page at a time for 'Ver más'. A member's list
 * has clear photos and leaves out whom she blocked, so it is cached apart from the visitors'
 * list (the key the server-rendered page fills), and logging in never shows the blurred one.
 */
export function usePeopleAdverts(gender: GenderId | undefined, onlyVerified = false) {
  const clientId = useSessionHint('client');
  // «Sólo verificadas» is its own list; the unfiltered keys stay the ones the server fills.
  const filter = onlyVerified ? ['verificadas'] : [];
  return useInfiniteQuery({
    queryKey:
      clientId === null
        ? ['adverts', 'public', gender ?? null, ...filter]
        : ['adverts', 'member', clientId, gender ?? null, ...filter],
    initialPageParam: null as number | null,
    // Keyset pages: people who publish while she scrolls neither repeat nor skip a card.
    queryFn: ({ pageParam }) =>
      apiPost('adverts/get', {
        ...(gender === undefined ? {} : { gender }),
        ...(onlyVerified ? { verified: true } : {}),
        ...(pageParam === null ? {} : { before_id: pageParam }),
        limit: PEOPLE_PAGE_SIZE,
      }),
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
}

export function useAddInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (advertId: number) =>
      apiPost('client/interested/add', { interes: { interested_id: advertId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_INTERESTS_KEY }),
  });
}

/**
 * The member's "Para ti" (docs/design/16-para-ti.md), a page at a time for 'Ver más'. A 409 (no quiz answers
 * yet) is an answer, not a failure: it is not retried.
 */
export function useCompatiblePeople(enabled: boolean, onlyVerified = false) {
  const clientId = useSessionHint('client');
  return useInfiniteQuery({
    queryKey: onlyVerified ? ['compatible', clientId, 'verificadas'] : ['compatible', clientId],
    enabled: enabled && clientId !== null,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      apiPost('client/compatible/get', { page: pageParam, ...(onlyVerified ? { verified: true } : {}) }),
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    retry: false,
  });
}
