import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main, VERBS } from '../../src/ops/cli';

describe('cita <orden>', () => {
  const printed: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    printed.length = 0;
  });
  function capture(): void {
    const keep = (...parts: unknown[]) => {
      printed.push(parts.join(' '));
    };
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
  }

  it('--help lista en español cada orden', async () => {
    capture();
    expect(await main(['--help'])).toBe(0);
    const help = printed.join('\n');
    expect(help).toContain('Uso: cita <orden> [opciones]');
    for (const verb of Object.keys(VERBS)) expect(help).toMatch(new RegExp(`^  ${verb} +\\S`, 'm'));
  });

  it('una orden que no existe se dice en español y sale con 1', async () => {
    capture();
    expect(await main(['arrancar'])).toBe(1);
    expect(printed.join('\n')).toContain('cita: no existe la orden «arrancar».');
  });

  it('carga la orden de su propio archivo y le pasa sus opciones', async () => {
    capture();
    expect(await main(['doctor', '--help'])).toBe(0);
    expect(printed.join('\n')).toContain('Uso: cita doctor [--send-test correo@ejemplo.mx]');
    expect(await main(['doctor', '--opcion-rara'])).toBe(2);
    expect(printed.join('\n')).toContain('cita doctor: no existe la opción «--opcion-rara»');
  });

  it('cada orden del operador contesta --help en español sin hacer nada', async () => {
    for (const verb of ['setup', 'backup', 'restore', 'doctor', 'upgrade']) {
      capture();
      expect(await main([verb, '--help'])).toBe(0);
      expect(printed.join('\n')).toMatch(new RegExp(`^Uso: cita ${verb}`));
      vi.restoreAllMocks();
      printed.length = 0;
    }
  });

  // A whole process starts (tsx, the doctor's imports): seconds on a loaded machine.
  it('una tubería cerrada (cita doctor | head -1) no termina en un error EPIPE', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-tuberia-'));
    try {
      const child = spawn(process.execPath, ['bin/cita.mjs', 'doctor'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // The reader goes away at once, as head does after its first line.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) =>
        child.on('exit', (exitCode) => resolve(exitCode)),
      );
      expect(stderr).not.toMatch(/EPIPE|at .+\(/);
      // doctor's own answer: the database does not exist in that folder yet.
      expect(code).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
