import type { ApiAnswer, ApiPath } from '../../shared/contracts/api';
import { ApiError, apiPost, type BodyArgument, forgetSessionHint } from './client';

/**
 * Every back-office call goes through here: a 401 (session expired, admin deactivated) forgets
 * the admin hint, and the admin layout then sends the visitor to /admin.
 */
export async function adminPost<Path extends ApiPath>(
  path: Path,
  ...body: BodyArgument<Path>
): Promise<ApiAnswer<Path>> {
  try {
    return await apiPost(path, ...body);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) forgetSessionHint('admin');
    throw error;
  }
}

/** Reads a chosen file as a data URL, the format event/add and event/update take. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('No pudimos leer la imagen'));
    reader.readAsDataURL(file);
  });
}
