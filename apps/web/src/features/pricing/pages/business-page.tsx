import { messages } from '@ishuri/contract';
import { useSession } from '../../../lib/auth';
import { pageTitle } from '../../../lib/site';
import { PlanCard } from '../components/plan-card';
import { plans } from '../plans';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ComponentType } from 'react';

/**
 * Checkout (issue 33) brings forms and their schemas: loaded in the browser once the page shows
 * (the prerendered page has its place, empty).
 */
let loadedCheckout: { Checkout: ComponentType } | null = null;

function CheckoutWhenLoaded() {
  const [loaded, setLoaded] = useState(loadedCheckout);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void import('../components/premium-checkout').then((module) => {
      loadedCheckout = { Checkout: module.PremiumCheckout };
      if (live) setLoaded(loadedCheckout);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded ? <loaded.Checkout /> : null;
}

/**
 * A visitor is asked to register or sign in to buy, in the prerendered page itself: drawn only
 * once the app runs, it pushed the page down under a reader who had already scrolled.
 */
function SignInToBuy() {
  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-slate-700">{messages.premiumSignInToBuy}</p>
      <div className="flex flex-wrap gap-3">
        <Link className="font-semibold text-brand-700 underline" to="/register">
          {messages.getPremium}
        </Link>
        <Link className="font-semibold text-brand-700 underline" to="/login">
          {messages.login}
        </Link>
      </div>
    </div>
  );
}

/** /business: the Free and Premium plans (product.md §9), prices in USD. */
export default function BusinessPage() {
  const session = useSession();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <title>{pageTitle(messages.business)}</title>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">
          {messages.plansAndPricing}
        </h1>
        <p className="mt-4 text-lg text-slate-700">{messages.pricingIntro}</p>
      </div>
      <div className="mt-12 grid gap-8 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            // Premium is bought below (issue 33); a visitor registers first.
            ctaTo={plan.id === 'premium' ? (session ? '#buy' : '/register') : plan.cta.to}
          />
        ))}
      </div>
      <div className="mx-auto mt-12 max-w-xl">
        {session ? <CheckoutWhenLoaded /> : <SignInToBuy />}
      </div>
    </section>
  );
}
