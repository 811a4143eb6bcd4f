import { messages } from '@ishuri/contract';
import { useSession } from '../../../lib/auth';
import { pageTitle } from '../../../lib/site';
import { PlanCard } from '../components/plan-card';
import { plans } from '../plans';
import { useEffect, useState } from 'react';
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
        <CheckoutWhenLoaded />
      </div>
    </section>
  );
}
