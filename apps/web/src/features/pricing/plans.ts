import { messages } from '@ishuri/contract';
import { currentLanguage } from '../../lib/language';

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
    get name() {
      return messages.free;
    },
    price: 0,
    get period() {
      return messages.perMonth;
    },
    get description() {
      return messages.freePlanText;
    },
    features: [
      {
        get label() {
          return messages.allFreeCourses;
        },
        included: true,
      },
      {
        get label() {
          return messages.basicResources;
        },
        included: true,
      },
      {
        get label() {
          return messages.communitySupport;
        },
        included: true,
      },
      {
        get label() {
          return messages.mailKindCertificate;
        },
        included: false,
      },
      {
        get label() {
          return messages.prioritySupport;
        },
        included: false,
      },
    ],
    cta: {
      get label() {
        return messages.exploreFreeCourses;
      },
      to: '/explore-course',
    },
    highlighted: false,
  },
  {
    id: 'premium',
    get name() {
      return messages.premium;
    },
    price: 29.99,
    get period() {
      return messages.perMonth;
    },
    get description() {
      return messages.premiumPlanText;
    },
    features: [
      {
        get label() {
          return messages.allCourses2;
        },
        included: true,
      },
      {
        get label() {
          return messages.advancedResources;
        },
        included: true,
      },
      {
        get label() {
          return messages.mailKindCertificate;
        },
        included: true,
      },
      {
        get label() {
          return messages.prioritySupport;
        },
        included: true,
      },
      {
        get label() {
          return messages.exclusiveWebinars;
        },
        included: true,
      },
    ],
    cta: {
      get label() {
        return messages.getPremium;
      },
      to: '/dashboard/start-learning',
    },
    highlighted: true,
  },
];

const prices = new Map<string, Intl.NumberFormat>();

/** "$0", "$29.99" (in English; each language writes dollars its own way: "29,99 $US"). */
export function formatPrice(amount: number) {
  const language = currentLanguage();
  let format = prices.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    prices.set(language, format);
  }
  return format.format(amount);
}
