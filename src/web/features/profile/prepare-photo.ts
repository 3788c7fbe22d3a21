/** What client/photos/add takes (docs/design/10-photos.md); the file chooser offers only these. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A phone's camera photo (12–50 megapixels, several MB) is sent at about this size instead. */
const MAX_SIDE_PX = 2000;
/** Under the server's 8 MB, with room to spare. */
const MAX_SIZE_MB = 7;

/**
 * The chosen photo as the data URL the server takes, downsized in the browser first so that a
 * phone on mobile data sends about a megabyte instead of the camera's original.
 */
export async function photoAsDataUrl(file: File): Promise<string> {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    throw new Error('Elige una foto en formato JPG, PNG o WebP.');
  }
  // Loaded only when someone adds a photo: it stays out of every page's first download.
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    const smaller = await imageCompression(file, {
      maxWidthOrHeight: MAX_SIDE_PX,
      maxSizeMB: MAX_SIZE_MB,
      initialQuality: 0.9,
      // The worker would load the library from a CDN, which the CSP (script-src 'self') forbids.
      useWebWorker: false,
    });
    return await imageCompression.getDataUrlFromFile(smaller);
  } catch {
    throw new Error('No pudimos leer esa imagen. Prueba con otra foto.');
  }
}
