import { describe, expect, it } from 'vitest';
import { setUpTestApp, startTestApp, TEST_ADMIN } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const root = testApp.admin;

let counter = 0;
async function addAdmin(): Promise<{ id: number; email: string; password: string }> {
  counter += 1;
  const email = `nuevo${counter}@pruebas.mx`;
  const password = 'clave-del-nuevo-1';
  const response = await root.post<{ admin_id: number }>('admin/add', {
    admin: { name: `Nuevo Admin ${counter}`, email, password },
  });
  expect(response.statusCode).toBe(200);
  return { id: response.body.admin_id, email, password };
}

describe('admin accounts', () => {
  it('adds an admin who can log in, appears in admin/get and is audited', async () => {
    const added = await addAdmin();
    const agent = testApp.agent();
    expect(await agent.loginAdmin(added.email, added.password)).toBe(added.id);
    const list = await root.post<{ admins: any[] }>('admin/get', {});
    expect(list.body.admins.map((admin) => admin.email)).toContain(added.email);
    const audit = await root.post<{ entries: any[] }>('admin/audit/get', {});
    expect(
      audit.body.entries.some((entry) => entry.action === 'admin.add' && entry.entity_id === added.id),
    ).toBe(true);
    expect(audit.body.entries[0].admin_name).toBe('Administrador');
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const response = await root.post('admin/add', {
      admin: { name: 'Otro', email: TEST_ADMIN.email, password: 'una-clave-larga' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('reads one admin with admin/profile', async () => {
    const response = await root.post<{ admin: any }>('admin/profile', { profile_id: testApp.adminId });
    expect(response.body.admin).toMatchObject({ id: testApp.adminId, email: TEST_ADMIN.email, status_id: 1 });
    expect(response.body.admin).not.toHaveProperty('password_hash');
  });

  it('logs out everywhere and refuses log-in to an admin set inactive, then deleted', async () => {
    const added = await addAdmin();
    const agent = testApp.agent();
    await agent.loginAdmin(added.email, added.password);
    for (const status of [2, 0]) {
      const update = await root.post('admin/update', { admin: { id: added.id, status_id: status } });
      expect(update.statusCode).toBe(200);
      expect((await agent.post('admin/get', {})).statusCode).toBe(401);
      const login = await testApp
        .agent()
        .post('admin/login', { access: { email: added.email, password: added.password } });
      expect(login.statusCode).toBe(401);
    }
  });

  it('resets another admin password without the current one and ends their sessions', async () => {
    const added = await addAdmin();
    const agent = testApp.agent();
    await agent.loginAdmin(added.email, added.password);
    const reset = await root.post('admin/update', {
      admin: { id: added.id, password: 'clave-restablecida-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await agent.post('admin/get', {})).statusCode).toBe(401);
    await testApp.agent().loginAdmin(added.email, 'clave-restablecida-9');
  });

  it('changes the own password only with the right current password and keeps the own session', async () => {
    const added = await addAdmin();
    const agent = testApp.agent();
    await agent.loginAdmin(added.email, added.password);
    const wrong = await agent.post('admin/update', {
      admin: { id: added.id, password: 'clave-nueva-propia', current_password: 'no-es-esta' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await agent.post('admin/update', {
      admin: { id: added.id, password: 'clave-nueva-propia', current_password: added.password },
    });
    expect(right.statusCode).toBe(200);
    expect((await agent.post('admin/get', {})).statusCode).toBe(200);
    await testApp.agent().loginAdmin(added.email, 'clave-nueva-propia');
  });

  it('refuses an admin changing her own status (403), whether or not others are active', async () => {
    const added = await addAdmin();
    const agent = testApp.agent();
    await agent.loginAdmin(added.email, added.password);
    for (const status_id of [0, 2] as const) {
      const response = await agent.post('admin/update', { admin: { id: added.id, status_id } });
      expect(response.statusCode).toBe(403);
      expect(response.body.message).toContain('propio estado');
    }
    // The same status as now is no change: saving her name with it still works.
    const same = await agent.post('admin/update', {
      admin: { id: added.id, name: 'Sigue Activa', status_id: 1 },
    });
    expect(same.statusCode).toBe(200);
    expect((await agent.post('admin/get', {})).statusCode).toBe(200);
    const row = await testApp.app.db
      .selectFrom('admins')
      .select('status_id')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(1);
  });

  it('throttles an admin guessing her own current password (429)', async () => {
    const throttled = await startTestApp({ seedDemo: false, env: { LOGIN_ATTEMPTS_PER_MINUTE: '3' } });
    try {
      const agent = throttled.agent();
      const id = await agent.loginAdmin();
      const codes: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await agent.post('admin/update', {
          admin: { id, password: 'clave-nueva-propia', current_password: `no-es-esta-${attempt}` },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await throttled.close();
    }
  });

  it('renames an admin', async () => {
    const added = await addAdmin();
    const response = await root.post<{ admin: any }>('admin/update', {
      admin: { id: added.id, name: 'Nombre Nuevo' },
    });
    expect(response.body.admin.name).toBe('Nombre Nuevo');
  });
});
