import { messages } from '@ishuri/contract';
import { Lock } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/button';

interface EnrolPanelProps {
  /** A visitor is asked to log in first. */
  signedIn: boolean;
  enrolling: boolean;
  onEnrol: () => void;
}

/** A premium course the reader may not open yet: enrol, or log in to enrol. */
export function EnrolPanel({ signedIn, enrolling, onEnrol }: EnrolPanelProps) {
  return (
    <section
      aria-labelledby="enrol-heading"
      className="space-y-4 rounded-2xl border border-brand-200 bg-brand-50 p-6 text-brand-900"
    >
      <h2 id="enrol-heading" className="flex items-center gap-2 text-xl font-bold">
        <Lock className="size-5" aria-hidden="true" />
        {messages.premiumCourse}
      </h2>
      {signedIn ? (
        <>
          <p>{messages.enrolToLearn}</p>
          <Button onClick={onEnrol} loading={enrolling}>
            {messages.enrolInThisCourse}
          </Button>
        </>
      ) : (
        <>
          <p>{messages.loginToEnroll}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/login">{messages.logIn}</ButtonLink>
            <ButtonLink to="/register" variant="secondary">
              {messages.register}
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
