import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, passwordSchema, requiredText } from '../../shared/contracts/common';
import { createAdmin } from '../back-office/admins';
import { configFromEnv } from '../platform/config';
import { createDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';

/** `npm run admin:create -- --email … --name … [--password …]`; without a password one is generated. */
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
const generated = values.password ? undefined : randomBytes(12).toString('base64url');
const input = z
  .object({ email: emailSchema, name: requiredText('el nombre (--name)', 120), password: passwordSchema })
  .safeParse({ email: values.email, name: values.name, password: values.password ?? generated });
if (!input.success) {
  console.error(input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  console.error('Uso: npm run admin:create -- --email correo@ejemplo.mx --name "Nombre" [--password …]');
  process.exit(2);
}
const db = createDatabase(configFromEnv());
try {
  await migrateToLatest(db);
  const id = await createAdmin(db, input.data);
  console.log(`Administrador ${input.data.email} creado (id ${id}).`);
  if (generated) console.log(`Contraseña generada: ${generated}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
