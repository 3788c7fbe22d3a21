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
    expect(await main(['doctor', '--opcion-rara'])).toBe(1);
    expect(printed.join('\n')).toContain('cita doctor: opciones no válidas.');
  });
});
