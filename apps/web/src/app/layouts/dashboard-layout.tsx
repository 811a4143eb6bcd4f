import { Outlet } from 'react-router';
import { Navbar } from '../../components/navbar';
import { SkipLink } from './skip-link';

/**
 * The signed-in area (/dashboard/*). For now the top bar and the page; the sidebar of
 * product.md §2 comes with the dashboard screens.
 */
export function DashboardLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
