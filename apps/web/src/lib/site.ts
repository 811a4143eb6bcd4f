import { messages } from '@ishuri/contract';
/** What the product says about itself in the navigation bar, footer and contact panel. */
export const site = {
  name: 'Ishuri',
  email: 'hello@ishuri.rw',
  /**
   * Placeholder profile addresses: replace them with the provider's own accounts before launch
   * (one place for the footer and the contact panel).
   */
  social: [
    { kind: 'photo', label: 'Instagram', href: 'https://www.instagram.com/ishuri.learning' },
    {
      kind: 'professional',
      label: 'LinkedIn',
      href: 'https://www.linkedin.com/company/ishuri-learning',
    },
    { kind: 'messaging', label: 'WhatsApp', href: 'https://wa.me/250788000000' },
  ],
} as const;

/** The main links of the navigation bar (and its small-screen menu). */
export const mainLinks = [
  {
    to: '/business',
    get label() {
      return messages.business;
    },
  },
  {
    to: '/blog',
    get label() {
      return messages.blog;
    },
  },
  {
    to: '/explore-course',
    get label() {
      return messages.exploreCourses2;
    },
  },
  {
    to: '/contact',
    get label() {
      return messages.contact;
    },
  },
] as const;

/** The document title of a screen: `<title>{pageTitle('Login')}</title>`. */
export const pageTitle = (name?: string) => (name ? `${name} · ${site.name}` : site.name);

/** The id of My courses on the dashboard home: `/dashboard#my-courses` opens the list. */
export const myCoursesAnchor = 'my-courses';
