import { messages } from '@ishuri/contract';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/auth';
import { pageTitle } from '../../../lib/site';
import { useLogout } from '../../../lib/use-logout';
import { useProfile } from '../api/get-profile';
import { greeting } from '../greeting';

/** /dashboard: the signed-in landing (the full dashboard replaces it). */
export default function DashboardHomePage() {
  const session = useSession();
  const profile = useProfile();
  const logout = useLogout();
  const name = session?.firstName ?? '';

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <title>{pageTitle('Dashboard')}</title>
      <div className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {name ? `${greeting()}, ${name}` : greeting()}
          </h1>
          <p className="text-slate-700">{messages.dashboardIntro}</p>
          {profile.isPending ? (
            <Spinner label="Loading" className="size-4 text-brand-700" />
          ) : profile.data ? (
            <p className="text-sm text-slate-600" data-testid="profile-email">
              {messages.signedInAs(profile.data.email)}
            </p>
          ) : null}
        </div>
        <Button variant="secondary" onClick={() => void logout('/')}>
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </Button>
      </div>
    </section>
  );
}
