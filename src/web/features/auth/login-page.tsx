import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { type Access, accessSchema } from '../../../shared/contracts/auth';
import type { EnvelopeStatus } from '../../../shared/contracts/common';
import { apiPost, errorMessage, errorStatus, rememberSessionHint } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { usePageTitle } from '../../components/use-page-title';
import { useLoginReturn, useWayBack } from './login-return';

export function LoginPage() {
  usePageTitle('Iniciar sesión');
  const clientId = useSessionHint('client');
  const navigate = useNavigate();
  const { reason, next } = useLoginReturn('/intereses');
  const wayBack = useWayBack();
  const [banner, setBanner] = useState<{ status: EnvelopeStatus; message: string } | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<Access>({
    resolver: zodResolver(accessSchema),
    defaultValues: { email: '', password: '' },
  });

  if (clientId !== null) return <Navigate to={next} replace />;

  const [email, password] = watch(['email', 'password']);
  const onSubmit = handleSubmit(async (access) => {
    setBanner(null);
    try {
      const response = await apiPost('client/login', { access });
      rememberSessionHint('client', response.client_id);
      navigate(next, { replace: true });
    } catch (error) {
      setBanner({ status: errorStatus(error), message: errorMessage(error) });
    }
  });

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Iniciar sesión</h1>
      {reason ? (
        <p role="status" className="mt-4 rounded-lg bg-accent-soft px-4 py-3 text-sm text-accent-dark">
          {reason}
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="mt-8 flex flex-col gap-4" noValidate>
        {banner ? <Alert {...banner} /> : null}
        <Field
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={!email || !password || formState.isSubmitting}>
          {formState.isSubmitting ? 'Ingresando…' : 'Ingresar'}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/reestablecer" className="text-accent underline">
          ¿Olvidaste tu contraseña?
        </Link>
        <Link to={wayBack('/registrarse')} className="text-accent underline">
          Crear una cuenta
        </Link>
        <Link to="/admin" className="text-muted underline">
          Acceso para administradores
        </Link>
      </div>
    </section>
  );
}
