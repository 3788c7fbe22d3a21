/** The admin the browser tests' server is started with. */
export const E2E_ADMIN = { email: 'admin@e2e.mx', password: 'admin-e2e-12345' };

/**
 * Backups are on in the browser tests' server, to this public key; its private half was thrown
 * away (the browser tests never restore, the API drill does).
 */
export const E2E_BACKUP_ENV = {
  BACKUP_AGE_RECIPIENT: 'age1qctfs3njf5gfx42zztx4s5f50f65pekmfgqw9s0vrxetvgsshu3setfzq3',
  BACKUP_DIRNAME: 'respaldos',
};
