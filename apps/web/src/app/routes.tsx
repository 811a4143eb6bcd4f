import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { useSession } from '../lib/auth';
import { guestOnly, requireAbility, requireSession } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

/** The error screen's code is loaded when a screen fails, not with every page. */
const ErrorScreen = lazy(() =>
  import('./route-error-page').then((module) => ({ default: module.RouteErrorPage })),
);
const RouteErrorPage = () => (
  <Suspense>
    <ErrorScreen />
  </Suspense>
);

/**
 * A screen whose code is loaded when the route is first visited (route-level code splitting).
 * The module's default export is the screen.
 */
const page = (load: () => Promise<{ default: ComponentType; loader?: PageLoader }>) => async () => {
  const module = await load();
  return { Component: module.default, ...(module.loader ? { loader: module.loader } : {}) };
};

/**
 * A page module may export a loader that starts its first read as the app starts (see
 * `readEarly`): it answers nothing, and the page reads through its queries as always.
 */
type PageLoader = (args: LoaderFunctionArgs) => null;

/** Public pages (product.md §2). Each one is replaced by its real screen as it is built. */
const LearnBelow = lazy(() =>
  import('./routes/learn-below').then((module) => ({ default: module.LearnBelow })),
);

/** What the learn page shows under the open item (issue 34), once signed in. */
function SignedInBelow(props: Parameters<typeof LearnBelow>[0]) {
  if (!useSession()) return null;
  return (
    <Suspense fallback={null}>
      <LearnBelow {...props} />
    </Suspense>
  );
}

const publicPages: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/landing/pages/landing-page')) },
  { path: 'business', lazy: page(() => import('../features/pricing/pages/business-page')) },
  { path: 'blog', lazy: page(() => import('../features/blog/pages/blog-page')) },
  { path: 'blog/:id', lazy: page(() => import('../features/blog/pages/blog-post-page')) },
  {
    path: 'explore-course',
    lazy: page(() => import('../features/courses/pages/explore-courses-page')),
  },
  {
    path: 'course/:id',
    lazy: page(() => import('../features/courses/pages/course-detail-page')),
  },
  { path: 'contact', lazy: page(() => import('../features/contact/pages/contact-page')) },
  {
    // One address per item (issue 32, point 7): /learn/{courseId} opens where the learner
    // continues and names that item in the address; /learn/{courseId}/{itemId} opens that item.
    path: 'learn/:courseId/:itemId?',
    // The learn page, with the course's announcements and discussions under the open item
    // (issue 34): their code is loaded for a signed-in reader only (a visitor sees neither).
    lazy: async () => {
      const { default: LearnPage, loader } = await import('../features/learn/pages/learn-page');
      return {
        loader,
        Component: () => (
          <LearnPage below={(course, item) => <SignedInBelow course={course} item={item} />} />
        ),
      };
    },
  },
  { path: 'verify', lazy: page(() => import('../features/verify/pages/verify-page')) },
  { path: 'verify/:code', lazy: page(() => import('../features/verify/pages/verify-page')) },
  // Mailed links: they work whether or not the visitor is signed in.
  {
    path: 'confirm-email/:token',
    lazy: page(() => import('../features/mail-links/pages/confirm-email-page')),
  },
  {
    path: 'subscribe/confirm/:token',
    lazy: page(() => import('../features/mail-links/pages/confirm-subscription-page')),
  },
  // Course discussions (issue 34): a thread (signed in); a reply mail's unsubscribe link
  {
    path: 'discussions/:id',
    loader: requireSession,
    lazy: page(() => import('../features/discussions/pages/thread-page')),
  },
  {
    path: 'unfollow/:token',
    lazy: page(() => import('../features/mail-links/pages/unfollow-page')),
  },
  {
    path: 'unsubscribe/:token',
    lazy: page(() => import('../features/mail-links/pages/unsubscribe-page')),
  },
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

/**
 * /dashboard/* (a stored token is required). A screen that is not for every role names the role
 * matrix's action: others go to /dashboard with "You don't have permission to access this page".
 */
const dashboardPages: RouteObject[] = [
  { index: true, lazy: page(() => import('./routes/dashboard-home-page')) },
  {
    path: 'start-learning',
    lazy: page(() => import('../features/premium-courses/pages/start-learning-page')),
  },
  {
    path: 'myCertificate',
    lazy: page(() => import('../features/certificates/pages/my-certificates-page')),
  },
  { path: 'settings', lazy: page(() => import('./routes/settings-route')) },
  // Premium (issue 33): the pass, a voucher, receipts
  { path: 'premium', lazy: page(() => import('../features/premium/pages/premium-page')) },
  {
    path: 'premium-admin',
    loader: requireAbility('premium:manage'),
    lazy: page(() => import('../features/premium/pages/premium-admin-page')),
  },
  {
    path: 'saved',
    lazy: page(() => import('../features/saved-courses/pages/saved-courses-page')),
  },
  {
    path: 'help',
    lazy: async () => {
      const help = await import('./routes/help-page');
      await help.speakHelp();
      return { Component: help.default };
    },
  },
  {
    path: 'allCertificates',
    loader: requireAbility('certificate:listAll'),
    lazy: page(() => import('../features/certificates/pages/all-certificates-page')),
  },
  {
    path: 'CreateCourse',
    loader: requireAbility('course:create'),
    lazy: page(() => import('../features/course-admin/pages/create-course-page')),
  },
  {
    path: 'all-course',
    loader: requireAbility('course:listManaged'),
    lazy: page(() => import('../features/course-admin/pages/all-courses-page')),
  },
  {
    path: 'view/:courseId',
    loader: requireAbility('course:listManaged'),
    lazy: page(() => import('../features/course-admin/pages/course-view-page')),
  },
  {
    path: 'report/:courseId',
    loader: requireAbility('course:listManaged'),
    lazy: page(() => import('../features/reports/pages/course-report-page')),
  },
  {
    path: 'AllBlogs',
    loader: requireAbility('blog:manage'),
    lazy: page(() => import('../features/blog-admin/pages/all-blogs-page')),
  },
  {
    path: 'CreateBlog',
    loader: requireAbility('blog:manage'),
    lazy: page(() => import('../features/blog-admin/pages/create-blog-page')),
  },
  {
    path: 'allSub',
    loader: requireAbility('subscriber:manage'),
    lazy: page(() => import('../features/subscribers/pages/all-subscribers-page')),
  },
  {
    path: 'failed-mail',
    loader: requireAbility('mail:manage'),
    lazy: page(() => import('../features/failed-mail/pages/failed-mail-page')),
  },
  {
    path: 'system',
    loader: requireAbility('system:read'),
    lazy: page(() => import('./routes/system-page')),
  },
  {
    path: 'all-users',
    loader: requireAbility('user:list'),
    lazy: page(() => import('../features/users/pages/all-users-page')),
  },
  {
    path: 'contact/:id',
    loader: requireAbility('contact:manage'),
    lazy: page(() => import('../features/messages/pages/contact-detail-page')),
  },
  // Course discussions (issue 34): reported posts, for admins
  {
    path: 'discussion-reports',
    loader: requireAbility('discussion:listReports'),
    lazy: page(() => import('../features/discussions/pages/reports-page')),
  },
  // Priority support and webinars (issue 34, points 3 and 4)
  {
    path: 'support-queue',
    loader: requireAbility('support:manage'),
    lazy: page(() => import('../features/support/pages/support-queue-page')),
  },
  {
    path: 'webinars',
    loader: requireAbility('webinar:create'),
    lazy: page(() => import('../features/webinars/pages/webinars-page')),
  },
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
        // The sidebar and its icons load with the first dashboard screen, not with the landing page.
        lazy: async () => ({
          Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
        }),
        children: [{ errorElement: <RouteErrorPage />, children: dashboardPages }],
      },
      // Any unknown path goes to / (product.md §2).
      { path: '*', loader: () => redirect('/') },
    ],
  },
];
