/** The admin the browser tests' server is started with. */
export const E2E_ADMIN = { email: 'admin@e2e.mx', password: 'admin-e2e-12345' };
