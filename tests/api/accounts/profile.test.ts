import { describe, expect, it } from 'vitest';
import { lastMailTo } from '../../support/outbox';
import { setUpTestApp } from '../../support/test-app';
import { birthdayYearsAgo, clientRow, loggedInClient, profileOf, scoringChanges } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

describe('client/profile/update', () => {
  it('saves every field and answers with the saved profile', async () => {
    const { agent, id, email } = await loggedInClient(testApp);
    const response = await agent.post('client/profile/update', { client_id: id, profile: profileOf() });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.profile).toMatchObject({ ...profileOf(), id, email });
    const again = await agent.post('client/profile', { client_id: id });
    expect(again.body.profile).toMatchObject(profileOf());
  });

  it('trims text and clears the optional fields when they are sent empty', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const response = await agent.post('client/profile/update', {
      profile: profileOf({ first_name: '  Lucía  ', phone: '', instagram: '', occupation: '' }),
    });
    expect(response.statusCode).toBe(200);
    expect(await clientRow(testApp, id)).toMatchObject({
      first_name: 'Lucía',
      phone: '',
      instagram: '',
      occupation: '',
    });
  });

  it.each([
    ['first_name', '', 'nombre'],
    ['last_name', '   ', 'apellido'],
    ['gender', 4, 'género'],
    ['birthday', '1991-02-30', 'fecha de nacimiento'],
    ['birthday', 'ayer', 'fecha de nacimiento'],
    ['instagram', 'x'.repeat(61), 'Instagram'],
    ['occupation', 'x'.repeat(121), 'ocupación'],
    ['phone', 5512345678, 'teléfono'],
  ])('refuses %s = %j with a Spanish message naming «%s», storing nothing', async (field, value, label) => {
    const { agent, id } = await loggedInClient(testApp);
    const before = await clientRow(testApp, id);
    const response = await agent.post('client/profile/update', { profile: profileOf({ [field]: value }) });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain(label);
    expect(await clientRow(testApp, id)).toEqual(before);
  });

  it('refuses a gender left out instead of resetting it', async () => {
    const { agent } = await loggedInClient(testApp);
    const { gender: _left, ...profile } = profileOf();
    const response = await agent.post('client/profile/update', { profile });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('género');
  });

  it('refuses a birthday of someone under 18, as the sign-up does', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const response = await agent.post('client/profile/update', {
      profile: profileOf({ birthday: birthdayYearsAgo(18, 2) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('mayor de edad');
    expect((await clientRow(testApp, id)).birthday).toBe('1990-01-01');
    const adult = await agent.post('client/profile/update', {
      profile: profileOf({ birthday: birthdayYearsAgo(18, -2) }),
    });
    expect(adult.statusCode).toBe(200);
  });

  it('tells the compatibility engine when the birthday or the gender changes, and only then', async () => {
    const { agent, id } = await loggedInClient(testApp, { birthday: '1991-07-15', gender: 1 });
    const before = await scoringChanges(testApp, id);
    await agent.post('client/profile/update', { profile: profileOf({ occupation: 'Otra cosa' }) });
    expect(await scoringChanges(testApp, id)).toBe(before);
    await agent.post('client/profile/update', { profile: profileOf({ gender: 3 }) });
    expect(await scoringChanges(testApp, id)).toBe(before + 1);
    await agent.post('client/profile/update', { profile: profileOf({ gender: 3, birthday: '1985-01-02' }) });
    expect(await scoringChanges(testApp, id)).toBe(before + 2);
  });

  it('answers 401 to a visitor and 403 when the body names another client', async () => {
    expect((await testApp.agent().post('client/profile/update', { profile: profileOf() })).statusCode).toBe(
      401,
    );
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const before = await clientRow(testApp, other.id);
    const response = await me.agent.post('client/profile/update', {
      client_id: other.id,
      profile: profileOf(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body.status).toBe('warning');
    expect(await clientRow(testApp, other.id)).toEqual(before);
  });
});

describe('client/add', () => {
  const signUp = (values: Record<string, unknown> = {}) => ({
    first_name: 'Marta',
    last_name: 'Núñez',
    email: `marta.${Math.random().toString(36).slice(2, 8)}@pruebas.mx`,
    phone: '5511112222',
    birthday: '1993-10-01',
    gender: 2,
    occupation: 'Chef',
    password: 'una-clave-larga',
    privacy_consent: true,
    ...values,
  });

  it('refuses a person under 18', async () => {
    const response = await testApp
      .agent()
      .post('client/add', { client: signUp({ birthday: birthdayYearsAgo(17) }) });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toBe(
      'Revisa el campo «fecha de nacimiento»: Debes ser mayor de edad (18 años o más)',
    );
  });

  it('sends a Spanish welcome e-mail after answering', async () => {
    const client = signUp();
    const response = await testApp.agent().post('client/add', { client });
    expect(response.statusCode).toBe(200);
    const mail = await lastMailTo(testApp.config.dataDir, client.email);
    expect(mail.subject).toBe('Te damos la bienvenida a Cita');
    expect(mail.text).toContain('Hola Marta:');
    expect(mail.text).toContain(`${testApp.config.publicUrl}/perfil`);
  });
});
