import { Footer } from '../../components/footer';
import { Navbar } from '../../components/navbar';
import { PageOutlet } from '../page-outlet';
import { SkipLink } from './skip-link';

/** Public pages and the sign-in screens: the fixed navigation bar, the page, the footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Navbar />
      {/* At least a screen high: while a page's data loads, the footer waits below the fold
          instead of jumping down when the content arrives (layout shift on phones). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 pt-16 outline-none">
        <PageOutlet />
      </main>
      <Footer />
    </div>
  );
}
