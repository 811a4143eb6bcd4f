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
    name: 'Free',
    price: 0,
    period: messages.perMonth,
    description: messages.freePlanText,
    features: [
      { label: 'All free courses', included: true },
      { label: 'Basic resources', included: true },
      { label: 'Community support', included: true },
      { label: 'Certificate', included: false },
      { label: 'Priority support', included: false },
    ],
    cta: { label: 'Explore free courses', to: '/explore-course' },
    highlighted: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 29.99,
    period: messages.perMonth,
    description: messages.premiumPlanText,
    features: [
      { label: 'All courses', included: true },
      { label: 'Advanced resources', included: true },
      { label: 'Certificate', included: true },
      { label: 'Priority support', included: true },
      { label: 'Exclusive webinars', included: true },
    ],
    cta: { label: 'Get Premium', to: '/dashboard/start-learning' },
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
