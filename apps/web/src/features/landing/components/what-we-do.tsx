import { messages } from '@ishuri/contract';
import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { ExplainerVideo } from './explainer-video';

/** What We Do: the explainer video, a description and Explore Our Courses. */
export function WhatWeDo() {
  return (
    <section aria-labelledby="what-we-do" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <ExplainerVideo />
        <div className="space-y-5">
          <h2 id="what-we-do" className="text-3xl font-bold text-slate-900">
            {messages.whatWeDo}
          </h2>
          <p className="text-lg text-slate-700">{messages.whatWeDoText}</p>
          <ButtonLink to="/explore-course" size="lg">
            {messages.exploreOurCourses}
            <ArrowRight className="size-5" aria-hidden="true" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
