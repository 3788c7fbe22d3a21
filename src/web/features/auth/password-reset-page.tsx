import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { type PasswordForgotBody, passwordForgotBody } from '../../../shared/contracts/account';
import type { EnvelopeStatus } from '../../../shared/contracts/common';
import { passwordSchema } from '../../../shared/contracts/common';
import { apiPost, errorMessage, errorStatus } from '../../api/client';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { usePageTitle } from '../../components/use-page-title';

type Banner = { status: EnvelopeStatus; message: string };

/**
 * /reestablecer. The specification's form is static; here (docs/design/05-beyond-the-spec.md) it works: without a
 * token it asks for the e-mail and sends a link, with `?token=` it sets the new password.
 */
export function PasswordResetPage() {
  usePageTitle('Restablecer contraseña');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Restablecer contraseña</h1>
      {token ? <NewPasswordForm token={token} /> : <ForgotForm />}
      <p className="mt-6 text-sm">
        <Link to="/ingresar" className="text-accent underline">
          Volver a iniciar sesión
        </Link>
      </p>
    </section>
  );
}

function ForgotForm() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<PasswordForgotBody>({
    resolver: zodResolver(passwordForgotBody),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    setBanner(null);
    try {
      const response = await apiPost('client/password/forgot', body);
      setBanner({ status: 'success', message: response.message });
    } catch (error) {
      setBanner({ status: errorStatus(error), message: errorMessage(error) });
    }
  });
  return (
    <form onSubmit={onSubmit} className="mt-8 flex flex-col gap-4" noValidate>
      <p className="text-muted">
        Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.
      </p>
      {banner ? <Alert {...banner} /> : null}
      <Field
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={!watch('email') || formState.isSubmitting}>
        {formState.isSubmitting ? 'Enviando…' : 'Enviar enlace'}
      </Button>
    </form>
  );
}

const newPasswordSchema = z.object({ password: passwordSchema });

function NewPasswordForm({ token }: { token: string }) {
  const [banner, setBanner] = useState<Banner | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, watch, formState } = useForm<z.input<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setBanner(null);
    try {
      const response = await apiPost('client/password/reset', { token, password });
      setBanner({ status: 'success', message: response.message });
      setDone(true);
    } catch (error) {
      setBanner({ status: errorStatus(error), message: errorMessage(error) });
    }
  });
  if (done && banner) {
    return (
      <div className="mt-8 flex flex-col gap-4">
        <Alert {...banner} />
        <Link to="/ingresar" className={buttonClass('primary')}>
          Iniciar sesión
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="mt-8 flex flex-col gap-4" noValidate>
      {banner ? <Alert {...banner} /> : null}
      <Field
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={!watch('password') || formState.isSubmitting}>
        {formState.isSubmitting ? 'Guardando…' : 'Guardar contraseña'}
      </Button>
      {banner && banner.status !== 'success' ? (
        <Link to="/reestablecer" className="text-sm text-accent underline">
          Pedir un enlace nuevo
        </Link>
      ) : null}
    </form>
  );
}
