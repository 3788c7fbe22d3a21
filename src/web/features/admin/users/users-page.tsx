import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  type AdminAccount,
  type AdminUpdateBody,
  adminAddBody,
  type NewAdminForm,
} from '../../../../shared/contracts/admin';
import { formatCalendarDate } from '../../../../shared/domain/mexico-dates';
import { dayInMexicoCity } from '../../../../shared/domain/mexico-time';
import { ADMIN_STATUS_LABELS } from '../../../../shared/domain/statuses';
import { adminPost } from '../../../api/admin';
import { useSessionHint } from '../../../api/session-hint';
import {
  type Banner,
  BannerSlot,
  bannerFrom,
  Cell,
  PageHeader,
  smallButton,
  Table,
  Tag,
} from '../../../components/admin/admin-ui';
import { StatusSelect } from '../../../components/admin/status-select';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal, SidePanel } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/use-page-title';

export function UsersPage() {
  usePageTitle('Administradores');
  const navigate = useNavigate();
  const profileId = Number(useParams().id) || null;
  const [adding, setAdding] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const admins = useQuery({
    queryKey: ['admin', 'admins'],
    queryFn: () => adminPost('admin/get'),
  });
  return (
    <section>
      <PageHeader title="Administradores">
        <button type="button" className={smallButton('primary')} onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden /> Agregar nuevo
        </button>
      </PageHeader>
      <BannerSlot banner={banner} />
      {admins.isPending ? (
        <Spinner />
      ) : admins.isError ? (
        <BannerSlot banner={bannerFrom(admins.error)} />
      ) : (
        <Table head={['Estado', 'Nombre', 'Correo', 'Fecha de registro']}>
          {admins.data.admins.map((admin) => (
            <tr
              key={admin.id}
              className="cursor-pointer hover:bg-slate-50"
              onClick={() => navigate(`/admin/users/${admin.id}`)}
            >
              <Cell label="Estado">
                <Tag tone={admin.status_id === 1 ? 'green' : 'red'}>
                  {ADMIN_STATUS_LABELS[admin.status_id]}
                </Tag>
              </Cell>
              <Cell label="Nombre">
                <button type="button" className="font-medium underline-offset-2 hover:underline">
                  {admin.name}
                </button>
              </Cell>
              <Cell label="Correo">{admin.email}</Cell>
              <Cell label="Fecha de registro">
                {formatCalendarDate(dayInMexicoCity(new Date(admin.date_creation)))}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <NewAdminModal open={adding} onOpenChange={setAdding} onAdded={setBanner} />
      {profileId !== null ? (
        <AdminSheet profileId={profileId} onClose={() => navigate('/admin/users')} />
      ) : null}
    </section>
  );
}

function NewAdminModal({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (banner: Banner) => void;
}) {
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<Banner>(null);
  const { register, handleSubmit, watch, reset, formState } = useForm<NewAdminForm>({
    resolver: zodResolver(adminAddBody.shape.admin),
    defaultValues: { name: '', email: '', password: '' },
  });
  const [name, email, password] = watch(['name', 'email', 'password']);
  const onSubmit = handleSubmit(
    async (admin) => {
      setBanner(null);
      try {
        const response = await adminPost('admin/add', { admin });
        onAdded({ status: 'success', message: response.message });
        reset();
        onOpenChange(false);
        await queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] });
      } catch (error) {
        setBanner(bannerFrom(error));
      }
    },
    (errors) => setBanner({ status: 'warning', message: Object.values(errors)[0]?.message ?? '' }),
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Agregar nuevo administrador">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <BannerSlot banner={banner} />
        <Field label="Nombre completo" autoComplete="off" {...register('name')} />
        <Field label="Correo electrónico" type="email" autoComplete="off" {...register('email')} />
        <Field label="Contraseña" type="password" autoComplete="new-password" {...register('password')} />
        <Button type="submit" disabled={!name || !email || !password || formState.isSubmitting}>
          {formState.isSubmitting ? 'Guardando…' : 'Guardar'}
        </Button>
      </form>
    </Modal>
  );
}

/** The side panel of /admin/users/{id}. */
function AdminSheet({ profileId, onClose }: { profileId: number; onClose: () => void }) {
  const profile = useQuery({
    queryKey: ['admin', 'admins', profileId],
    queryFn: () => adminPost('admin/profile', { profile_id: profileId }),
  });
  return (
    <SidePanel open onOpenChange={(open) => !open && onClose()} title="Administrador">
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <BannerSlot banner={bannerFrom(profile.error)} />
      ) : (
        <AdminEditor key={profile.data.admin.id} admin={profile.data.admin} />
      )}
    </SidePanel>
  );
}

function AdminEditor({ admin }: { admin: AdminAccount }) {
  const queryClient = useQueryClient();
  const ownId = useSessionHint('admin');
  const own = ownId === admin.id;
  const [name, setName] = useState(admin.name);
  const [status, setStatus] = useState(admin.status_id);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const save = useMutation({
    mutationFn: (change: AdminUpdateBody['admin']) => adminPost('admin/update', { admin: change }),
    onSuccess: (response) => {
      setBanner({ status: 'success', message: response.message });
      setCurrentPassword('');
      setNewPassword('');
    },
    onError: (error) => setBanner(bannerFrom(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] }),
  });
  return (
    <div className="flex flex-col gap-6">
      <BannerSlot banner={banner} />
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          // Only another admin changes an admin's status (docs/design/13-trust.md).
          save.mutate(own ? { id: admin.id, name } : { id: admin.id, name, status_id: status as 0 | 1 | 2 });
        }}
      >
        <p className="text-sm">
          <span className="block text-xs text-slate-500">Correo electrónico</span>
          {admin.email}
        </p>
        {own ? null : (
          <StatusSelect label="Estado" value={status} options={ADMIN_STATUS_LABELS} onChange={setStatus} />
        )}
        <Field
          label="Nombre completo"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={!name.trim() || save.isPending}>
          Guardar cambios
        </Button>
      </form>
      <form
        className="flex flex-col gap-4 border-t border-slate-200 pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            own
              ? { id: admin.id, password: newPassword, current_password: currentPassword }
              : { id: admin.id, password: newPassword },
          );
        }}
      >
        <h3 className="font-semibold">{own ? 'Cambiar contraseña' : 'Restablecer contraseña'}</h3>
        {own ? (
          <Field
            label="Contraseña actual"
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        ) : null}
        <Field
          label="Nueva contraseña"
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!newPassword || (own && !currentPassword) || save.isPending}
        >
          {own ? 'Cambiar contraseña' : 'Restablecer contraseña'}
        </Button>
      </form>
    </div>
  );
}
