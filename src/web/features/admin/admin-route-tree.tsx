import type { RouteObject } from 'react-router';

/** The back office: every screen is loaded lazily, so the public pages never download it. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./admin-root')).AdminRoot }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./login/admin-login-page')).AdminLoginPage }),
      },
      {
        path: 'primer-acceso',
        lazy: async () => ({
          Component: (await import('./login/admin-first-access-page')).AdminFirstAccessPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./layout/admin-layout')).AdminLayout }),
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('./dashboard/dashboard-page')).DashboardPage }),
          },
          {
            path: 'matches',
            lazy: async () => ({ Component: (await import('../matches/admin-matches-page')).MatchesPage }),
          },
          {
            path: 'events',
            lazy: async () => ({ Component: (await import('./events/events-page')).EventsPage }),
          },
          {
            path: 'event/:id',
            lazy: async () => ({ Component: (await import('./events/event-page')).EventPage }),
          },
          {
            path: 'event/:id/entrada',
            lazy: async () => ({ Component: (await import('./events/door-page')).DoorPage }),
          },
          {
            path: 'event/:id/rondas',
            lazy: async () => ({ Component: (await import('./rounds/rounds-page')).RoundsPage }),
          },
          {
            path: 'clients',
            lazy: async () => ({ Component: (await import('./clients/clients-page')).ClientsPage }),
          },
          {
            path: 'users',
            lazy: async () => ({ Component: (await import('./users/users-page')).UsersPage }),
          },
          {
            path: 'users/:id',
            lazy: async () => ({ Component: (await import('./users/users-page')).UsersPage }),
          },
          {
            path: 'pagos',
            lazy: async () => ({ Component: (await import('./payments/payments-page')).PaymentsPage }),
          },
          {
            path: 'facturacion',
            lazy: async () => ({ Component: (await import('./invoices/invoices-page')).InvoicesPage }),
          },
          {
            path: 'codigos',
            lazy: async () => ({ Component: (await import('./codes/codes-page')).CodesPage }),
          },
          {
            path: 'reportes',
            lazy: async () => ({ Component: (await import('./reports/reports-page')).ReportsPage }),
          },
          {
            path: 'verificaciones',
            lazy: async () => ({
              Component: (await import('./verifications/verifications-page')).VerificationsPage,
            }),
          },
          {
            path: 'audit',
            lazy: async () => ({ Component: (await import('./audit/audit-page')).AuditPage }),
          },
        ],
      },
    ],
  },
];
