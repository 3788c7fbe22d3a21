import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessage } from '../../../shared/contracts/common';
import { AppError } from '../errors';

const GENERIC_FAILURE = 'Ocurrió un error en el servidor. Intenta de nuevo en unos minutos.';

/** Spanish messages for the 4xx errors Fastify itself raises before a handler runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'El tipo de contenido no es válido: envía JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud de la solicitud no es válida',
  FST_ERR_BAD_URL: 'La dirección no es válida',
  FST_ERR_ASYNC_CONSTRAINT: 'La dirección no es válida',
};

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === '57P01' ||
    code === 'SQLITE_BUSY' ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(String((error as Error)?.message))
  );
}

/** The response envelope of docs/design/02-api-contract.md for every failure, in one place. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ status: error.status, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first
        ? validationMessage({
            path: first.instancePath.split('/').filter(Boolean),
            message: first.message ?? '',
          })
        : 'Los datos enviados no son válidos';
      return reply.code(400).send({ status: 'warning', message });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({
        status: 'warning',
        message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? 'La solicitud no es válida';
      return reply.code(error.statusCode).send({ status: 'warning', message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({
        status: 'danger',
        message: 'El servicio no está disponible por el momento. Intenta más tarde.',
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ status: 'danger', message: GENERIC_FAILURE });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ status: 'warning', message: 'La dirección solicitada no existe' });
  });
}
