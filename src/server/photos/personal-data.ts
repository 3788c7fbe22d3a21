import type { PersonalDataDeclaration } from '../platform/personal-data';
import { deleteAllPhotos, listOwnPhotos } from './member-photos';

/** The member's photos with their images. */
export const photosPersonalData: PersonalDataDeclaration = {
  domain: 'photos',
  tables: { photos: { client_id: 'delete' } },

  async exportSections(db, clientId, { publicUrl }) {
    const photos = await listOwnPhotos(db, clientId);
    // The largest clear picture of each photo, as a full address the member can open while logged in.
    return {
      photos: photos.map(({ id, status_id, position, reason, url }) => ({
        id,
        status_id,
        position,
        reason,
        url: `${publicUrl}${url}`,
      })),
    };
  },

  erase: deleteAllPhotos,
};
