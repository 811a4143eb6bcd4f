import { messages } from '@ishuri/contract';

export interface PlanFeature {
  label: string;
  included: boolean;
}

export interface Plan {
  id: 'free' | 'premium';
  name: string;
  /** In US dollars (decisions.md §7). */
  price: number;
  /** Billing period, read after the price. */
  period: string;
  description: string;
  features: PlanFeature[];
  cta: { label: string; to: string };
  highlighted: boolean;
}

/** The two plans of product.md §9. */
export const plans: Plan[] = [
  {
    id: 'free',
    name: messages.free,
    price: 0,
    period: messages.perMonth,
    description: messages.freePlanText,
    features: [
      { label: messages.allFreeCourses, included: true },
      { label: messages.basicResources, included: true },
      { label: messages.communitySupport, included: true },
      { label: messages.mailKindCertificate, included: false },
      { label: messages.prioritySupport, included: false },
    ],
    cta: { label: messages.exploreFreeCourses, to: '/explore-course' },
    highlighted: false,
  },
  {
    id: 'premium',
    name: messages.premium,
    price: 29.99,
    period: messages.perMonth,
    description: messages.premiumPlanText,
    features: [
      { label: messages.allCourses2, included: true },
      { label: messages.advancedResources, included: true },
      { label: messages.mailKindCertificate, included: true },
      { label: messages.prioritySupport, included: true },
      { label: messages.exclusiveWebinars, included: true },
    ],
    cta: { label: messages.getPremium, to: '/dashboard/start-learning' },
    highlighted: true,
  },
];

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "$0", "$29.99". */
export const formatPrice = (amount: number) => usd.format(amount);
