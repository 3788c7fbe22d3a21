import type { FastifyRequest } from 'fastify';
import { PHOTO_STATUS } from '../../shared/contracts/photos';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { currentAdminId, currentClientId } from '../platform/auth/guards';
import type { ImageAccess } from '../platform/images/image-routes';
import { BLURRED_VARIANT } from '../platform/images/image-store';

/**
 * Who may fetch a member photo's picture (docs/design/10-photos.md). The blurred variant is public once the
 * photo is approved; clear variants need a client or admin session (401 without one) and are
 * only for admins, the owner, or members looking at an approved photo (404 otherwise, as if it
 * did not exist). Photos of members who are no longer active are not shown to others.
 */
export async function photoImageAccess(
  request: FastifyRequest,
  imageId: number,
  variant: string,
): Promise<ImageAccess> {
  const photo = await request.server.db
    .selectFrom('photos')
    .innerJoin('clients', 'clients.id', 'photos.client_id')
    .select(['photos.client_id', 'photos.status_id', 'clients.status_id as client_status'])
    .where('photos.image_id', '=', imageId)
    .executeTakeFirst();
  if (!photo) return 'missing';
  const shownToOthers =
    photo.status_id === PHOTO_STATUS.approved && photo.client_status === CLIENT_STATUS.active;
  if (variant === BLURRED_VARIANT) return shownToOthers ? 'public' : 'missing';
  if ((await currentAdminId(request)) !== null) return 'private';
  const clientId = await currentClientId(request);
  if (clientId === null) return 'unauthorized';
  return clientId === photo.client_id || shownToOthers ? 'private' : 'missing';
}
