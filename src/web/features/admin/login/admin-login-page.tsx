import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { type Access, accessSchema } from '../../../../shared/contracts/auth';
import { apiPost, rememberSessionHint } from '../../../api/client';
import { useSessionHint } from '../../../api/session-hint';
import { type Banner, BannerSlot, bannerFrom } from '../../../components/admin/admin-ui';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { usePageTitle } from '../../../components/use-page-title';

export function AdminLoginPage() {
  usePageTitle('Administración');
  const adminId = useSessionHint('admin');
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const { register, handleSubmit, watch, formState } = useForm<Access>({
    resolver: zodResolver(accessSchema),
    defaultValues: { email: '', password: '' },
  });
  if (adminId !== null) return <Navigate to="/admin/dashboard" replace />;

  const [email, password] = watch(['email', 'password']);
  const onSubmit = handleSubmit(async (access) => {
    setBanner(null);
    try {
      const response = await apiPost('admin/login', { access });
      rememberSessionHint('admin', response.admin_id);
      navigate('/admin/dashboard');
    } catch (error) {
      setBanner(bannerFrom(error));
    }
  });

  return (
    <section className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Administración</h1>
      <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
        <BannerSlot banner={banner} />
        <Field label="Correo electrónico" type="email" autoComplete="username" {...register('email')} />
        <Field label="Contraseña" type="password" autoComplete="current-password" {...register('password')} />
        <Button type="submit" disabled={!email || !password || formState.isSubmitting}>
          {formState.isSubmitting ? 'Ingresando…' : 'Ingresar'}
        </Button>
        <button
          type="button"
          className="text-sm text-slate-600 underline"
          onClick={() => setForgotOpen(true)}
        >
          ¿Olvidaste tu contraseña?
        </button>
      </form>
      <Modal open={forgotOpen} onOpenChange={setForgotOpen} title="¿Olvidaste tu contraseña?">
        <p>Pide a otro administrador que te asigne una nueva contraseña desde la sección Administradores.</p>
      </Modal>
    </section>
  );
}
