import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { configureApiClient } from '../lib/api-client';
import { guestOnly, requireSession } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { queryClient } from './query-client';
import { RouteErrorPage } from './route-error-page';

/**
 * A screen whose code is loaded when the route is first visited (route-level code splitting).
 * The module's default export is the screen.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Public pages (product.md §2). Each one is replaced by its real screen as it is built. */
const publicPages: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/landing/pages/landing-page')) },
  { path: 'business', lazy: page(() => import('../features/pricing/pages/business-page')) },
  { path: 'blog', lazy: page(() => import('../features/blog/pages/blog-page')) },
  {
    path: 'explore-course',
    lazy: page(() => import('../features/courses/pages/explore-courses-page')),
  },
  { path: 'contact', lazy: page(() => import('../features/contact/pages/contact-page')) },
];

/** Sign-in screens: only for visitors (a stored token goes to /dashboard). */
const guestPages: RouteObject[] = [
  { path: 'login', lazy: page(() => import('../features/auth/pages/login-page')) },
  { path: 'register', lazy: page(() => import('../features/auth/pages/register-page')) },
  { path: 'otp', lazy: page(() => import('../features/auth/pages/otp-page')) },
  {
    path: 'forgotPassword',
    lazy: page(() => import('../features/auth/pages/forgot-password-page')),
  },
  {
    path: 'resetpassword/:token',
    lazy: page(() => import('../features/auth/pages/reset-password-page')),
  },
];

/** /dashboard/* (a stored token is required). */
const dashboardPages: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/dashboard/pages/dashboard-home-page')) },
  // Any other dashboard path goes to /dashboard (product.md §2).
  { path: '*', loader: () => redirect('/dashboard') },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // Errors of a page show inside the layout, under the navigation bar.
            errorElement: <RouteErrorPage />,
            children: [...publicPages, { loader: guestOnly, children: guestPages }],
          },
        ],
      },
      {
        path: 'dashboard',
        loader: requireSession,
        Component: DashboardLayout,
        children: [{ errorElement: <RouteErrorPage />, children: dashboardPages }],
      },
      // Any unknown path goes to / (product.md §2).
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 to a request with the stored token: the token is already removed; forget cached data
// and go to /login.
configureApiClient({
  onSessionExpired: () => {
    void router.navigate('/login', { replace: true }).then(() => queryClient.clear());
  },
});
