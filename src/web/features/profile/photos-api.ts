import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PhotosAddResponse,
  PhotosGetResponse,
  PhotosUpdateResponse,
} from '../../../shared/contracts/photos';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';

/** The member's own photos, keyed by her id like the rest of /perfil. */
function usePhotosKey() {
  return ['client', useSessionHint('client'), 'photos'] as const;
}

export function useOwnPhotos() {
  return useQuery({
    queryKey: usePhotosKey(),
    queryFn: () => apiPost('client/photos/get', {}),
    select: (response) => response.photos,
    // An admin approves or rejects behind the page.
    staleTime: 0,
  });
}

/**
 * Every change answers the whole list in its new order, which replaces the cached one; the
 * public lists are dropped too, since the main photo may have changed.
 */
function usePhotosChange<Input, Response extends PhotosUpdateResponse | PhotosAddResponse>(
  send: (input: Input) => Promise<Response>,
) {
  const queryClient = useQueryClient();
  const key = usePhotosKey();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData<PhotosGetResponse>(key, (current) =>
        current ? { ...current, photos: response.photos } : undefined,
      );
      return queryClient.invalidateQueries({ queryKey: ['adverts'] });
    },
  });
}

export function useAddPhoto() {
  return usePhotosChange((image: string) => apiPost('client/photos/add', { image }));
}

export function useMovePhoto() {
  return usePhotosChange((photo: { id: number; position: number }) =>
    apiPost('client/photos/update', { photo }),
  );
}

export function useDeletePhoto() {
  return usePhotosChange((photoId: number) => apiPost('client/photos/delete', { photo_id: photoId }));
}
