import { messages } from '@ishuri/contract';
import { Check, X } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../plans';
import type { Plan } from '../plans';

/** One plan: name, price in USD, what it includes and what it does not. */
export function PlanCard({ plan, ctaTo }: { plan: Plan; ctaTo: string }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
        plan.highlighted ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
      )}
    >
      {plan.highlighted && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
          {messages.mostPopular}
        </p>
      )}
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-2 text-slate-700">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold text-slate-900" data-testid="plan-price">
          {formatPrice(plan.price)}
        </span>
        <span className="text-slate-700">
          {messages.usd} <span>{plan.period}</span>
        </span>
      </p>
      <ul className="mt-6 flex-1 space-y-3" aria-label={messages.planFeatures(plan.name)}>
        {plan.features.map((feature) => (
          <li
            key={feature.label}
            className="flex items-start gap-3"
            data-included={feature.included}
          >
            {feature.included ? (
              <Check className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            ) : (
              <X className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
            )}
            <span className={feature.included ? 'text-slate-800' : 'text-slate-600 line-through'}>
              <span className="sr-only">
                {feature.included ? messages.planIncluded : messages.planNotIncluded}:{' '}
              </span>
              {feature.label}
            </span>
          </li>
        ))}
      </ul>
      <ButtonLink
        to={ctaTo}
        variant={plan.highlighted ? 'primary' : 'secondary'}
        size="lg"
        className="mt-8 w-full"
      >
        {plan.cta.label}
      </ButtonLink>
    </article>
  );
}
