import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase();
});
afterAll(async () => {
  await scratch.drop();
});

describe('una configuración mala detiene el arranque (docs/design/23-online.md)', () => {
  it('npm start (scripts/start.mjs) imprime una línea por variable y sale con 1, sin traza', async () => {
    const server = await ServerProcess.spawn({
      databaseUrl: scratch.databaseUrl,
      dataDir: scratch.dataDir,
      entry: 'start-script',
      env: { QUEUE_CONCURRENCY: 'muchos', NODE_ENV: 'production', PUBLIC_URL: 'http://cita.example.mx' },
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output.trim().split('\n')).toEqual([
      'La configuración no es válida; corrige estas variables de entorno:',
      'PUBLIC_URL: en producción debe empezar con https:// (sólo localhost puede usar http://)',
      'QUEUE_CONCURRENCY: se espera un número entero entre 0 y 1000',
    ]);
  });
});
