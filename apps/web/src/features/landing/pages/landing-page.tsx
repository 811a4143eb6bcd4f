import { pageTitle } from '../../../lib/site';
import { FeaturedCourses } from '../components/featured-courses';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { Newsletter } from '../components/newsletter';
import { WhatWeDo } from '../components/what-we-do';
import { WhyLearn } from '../components/why-learn';

/** /: the hero, What We Do, reasons, steps, free courses and the newsletter (product.md §2). */
export default function LandingPage() {
  return (
    <>
      <title>{pageTitle()}</title>
      <Hero />
      <WhatWeDo />
      <WhyLearn />
      <HowItWorks />
      <FeaturedCourses />
      <Newsletter />
    </>
  );
}
