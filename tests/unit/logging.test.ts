import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorForLog, loggerOptions } from '../../src/server/platform/logging';
import { personalDataInLogs } from '../support/log-search';

describe('los logs no llevan datos de miembros', () => {
  it('un error se registra con su tipo, mensaje y pila, sin correos ni los campos que le cuelgan', () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <ana.lopez@example.mx>"),
      {
        code: 'EENVELOPE',
        payload: '{"customer_email":"ana.lopez@example.mx"}',
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      },
    );
    const logged = errorForLog(error);
    expect(logged.message).toBe("Can't send mail - all recipients were rejected: 550 <[correo]>");
    expect(logged.code).toBe('EENVELOPE');
    expect(JSON.stringify(logged)).not.toContain('ana.lopez');
    expect(logged).not.toHaveProperty('payload');
    expect(logged).not.toHaveProperty('endpoint');
  });
});

describe('líneas legibles en una terminal, JSON en producción', () => {
  const original = process.stdout.isTTY;
  afterEach(() => {
    process.stdout.isTTY = original;
  });

  it('usa pino-pretty sólo en una terminal y fuera de producción', () => {
    process.stdout.isTTY = true;
    expect(loggerOptions({ logLevel: 'info', production: false })).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions({ logLevel: 'info', production: true })).not.toHaveProperty('transport');
    process.stdout.isTTY = false;
    expect(loggerOptions({ logLevel: 'info', production: false })).not.toHaveProperty('transport');
  });
});

describe('la búsqueda de datos de miembros en los logs', () => {
  it('encuentra correos de miembros y los valores que guardaron los fixtures, no los del sitio', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-log-search-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'values-1.txt'),
        `${JSON.stringify('Prueba')}\n${JSON.stringify('galleta-secreta-123')}\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'app.log'),
        [
          '{"msg":"admin admin@pruebas.mx entró; remitente hola@cita.mx"}',
          '{"msg":"correo a fixture1.abc@pruebas.mx"}',
          '{"msg":"cookie galleta-secreta-123"}',
          '{"msg":"Cliente Prueba"}',
          '{"msg":"fixture en pruebas.mx sin nombre"}',
          '> cita@0.1.0 start',
        ].join('\n'),
      );
      expect(personalDataInLogs(dir).map((finding) => finding.split(' en ')[0])).toEqual([
        'app.log:2: fixture1.abc@pruebas.mx',
        'app.log:3: galleta-secreta-123',
        'app.log:4: Prueba',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
