import { describe, expect, it } from 'vitest';
import { publicName } from '../../src/shared/domain/people';

describe('publicName', () => {
  it('shows the first name and the initial of the last name', () => {
    expect(publicName('Mariana', 'López')).toBe('Mariana L.');
  });

  it('keeps an accented initial and capitalises it', () => {
    expect(publicName('Renata', 'ávila')).toBe('Renata Á.');
  });

  it('trims spaces and shows only the first name when there is no last name', () => {
    expect(publicName('  Sam ', '  Navarro')).toBe('Sam N.');
    expect(publicName('Sam', '   ')).toBe('Sam');
  });
});
