import type { EnvelopeStatus } from '../../shared/contracts/common';

/** An error the caller can understand: it becomes the envelope with this Spanish message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly status: EnvelopeStatus = statusCode >= 500 ? 'danger' : 'warning',
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Inicia sesión para continuar') => new AppError(401, message);
export const forbidden = (message = 'No tienes permiso para hacer esto') => new AppError(403, message);
export const notFound = (message = 'No encontramos lo que buscas') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
