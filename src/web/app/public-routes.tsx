import type { RouteObject } from 'react-router';
import { EventsPage } from '../features/event-list/events-page';
import { LandingPage } from '../features/landing/landing-page';
import { ClientGuard } from './client-guard';
import { NotFoundPage } from './not-found-page';
import { PublicLayout } from './public-layout';

/** Section 2 "Public and client routes" of the specification. */
export const publicRoutes: RouteObject[] = [
  // The match cards are a page of their own, dark and without the site's header (docs/design/12-match-cards.md).
  {
    element: <ClientGuard />,
    children: [
      {
        path: 'evento/:id/elecciones',
        lazy: async () => ({
          Component: (await import('../features/match-cards/match-cards-page')).MatchCardsPage,
        }),
      },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'demo', element: <LandingPage /> },
      // Public content pages: events, services, about, contact, privacy notice. The text-heavy
      // pages load on demand so that the landing downloads only what it shows.
      {
        path: 'personas',
        lazy: async () => ({ Component: (await import('../features/people/people-page')).PeoplePage }),
      },
      { path: 'eventos', element: <EventsPage /> },
      { path: 'eventos/:category', element: <EventsPage /> },
      {
        path: 'evento/:id',
        lazy: async () => ({
          Component: (await import('../features/event-detail/event-detail-page')).EventDetailPage,
        }),
      },
      {
        path: 'servicios',
        lazy: async () => ({ Component: (await import('../features/services/services-page')).ServicesPage }),
      },
      {
        path: 'servicio/:id',
        lazy: async () => ({ Component: (await import('../features/services/service-page')).ServicePage }),
      },
      {
        path: 'nosotros',
        lazy: async () => ({ Component: (await import('../features/about/about-page')).AboutPage }),
      },
      {
        path: 'contacto',
        lazy: async () => ({ Component: (await import('../features/contact/contact-page')).ContactPage }),
      },
      {
        path: 'aviso-privacidad',
        lazy: async () => ({ Component: (await import('../features/privacy/privacy-page')).PrivacyPage }),
      },
      {
        path: 'novedades/baja',
        lazy: async () => ({
          Component: (await import('../features/news/unsubscribe-page')).UnsubscribePage,
        }),
      },
      // The account forms load on demand: zod and react-hook-form stay out of the landing bundle.
      {
        path: 'ingresar',
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        path: 'registrarse',
        lazy: async () => ({ Component: (await import('../features/auth/sign-up-page')).SignUpPage }),
      },
      {
        path: 'reestablecer',
        lazy: async () => ({
          Component: (await import('../features/auth/password-reset-page')).PasswordResetPage,
        }),
      },
      {
        element: <ClientGuard />,
        children: [
          {
            path: 'intereses',
            lazy: async () => ({
              Component: (await import('../features/interests/interests-page')).InterestsPage,
            }),
          },
          {
            path: 'asistencias',
            lazy: async () => ({
              Component: (await import('../features/attendance/attendance-page')).AttendancePage,
            }),
          },
          {
            path: 'pago',
            lazy: async () => ({
              Component: (await import('../features/payments/payment-return-page')).PaymentReturnPage,
            }),
          },
          {
            path: 'quiz',
            lazy: async () => ({ Component: (await import('../features/quiz/quiz-page')).QuizPage }),
          },
          {
            path: 'perfil',
            lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
          },
          {
            path: 'mensajes',
            lazy: async () => ({
              Component: (await import('../features/messages/conversations-page')).ConversationsPage,
            }),
          },
          {
            path: 'mensajes/:id',
            lazy: async () => ({
              Component: (await import('../features/messages/conversation-page')).ConversationPage,
            }),
          },
          {
            path: 'valorar/:id',
            lazy: async () => ({ Component: (await import('../features/rating/rating-page')).RatingPage }),
          },
          {
            path: 'invitar',
            lazy: async () => ({ Component: (await import('../features/invites/invite-page')).InvitePage }),
          },
          {
            path: 'verificacion',
            lazy: async () => ({
              Component: (await import('../features/verification/verification-page')).VerificationPage,
            }),
          },
          {
            path: 'configuracion',
            lazy: async () => ({
              Component: (await import('../features/settings/settings-page')).SettingsPage,
            }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
