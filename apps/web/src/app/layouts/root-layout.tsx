import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AccountLanguage } from '../account-language';
import { DeviceBanners } from '../device-banners';
import { OfflineSync } from '../offline-sync';
import { Toasts } from '../toasts';

/** Shows a thin bar while the next screen (its code or its data) is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100" aria-hidden="true">
      <div className="h-full w-1/3 animate-progress bg-brand-700" />
    </div>
  );
}

/**
 * A prerendered page can be read and scrolled before the app takes it over; the take-over must
 * not throw the reader back to the top (ScrollRestoration puts a first page at 0). The first
 * effect notes where the page is, the second puts it back, around ScrollRestoration's own.
 */
let scrollAtStart = 0;
function NoteScroll() {
  useLayoutEffect(() => {
    scrollAtStart = window.scrollY;
  }, []);
  return null;
}
function KeepScroll() {
  useLayoutEffect(() => {
    if (scrollAtStart > 0) window.scrollTo(0, scrollAtStart);
  }, []);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Positions are kept per history entry. A page loaded afresh has the key "default" whatever
          its address, so such entries are kept by path: opening another address in the same tab
          (a mailed link) must not land where the last fresh page was scrolled to. */}
      <NoteScroll />
      <ScrollRestoration
        getKey={(location) => (location.key === 'default' ? location.pathname : location.key)}
      />
      <KeepScroll />
      <Toasts />
      <DeviceBanners />
      <OfflineSync />
      <AccountLanguage />
    </>
  );
}
