import { messages } from '@ishuri/contract';
import type { Certificate } from '@ishuri/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Award, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { toastLater as toast } from '../../../lib/toast';
import { Button, ButtonLink } from '../../../components/button';
import { getMyCertificates, myCertificatesOptions } from '../../../api/certificates';
import { upsertProgress } from '../../../api/progress';

export const MY_CERTIFICATES_PATH = '/dashboard/myCertificate';
export const PREMIUM_COURSES_PATH = '/dashboard/start-learning';

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-3 rounded-2xl border border-green-300 bg-green-50 p-5 text-green-950"
    >
      <h3 className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

interface CertificatePanelProps {
  courseId: string;
  lastItemId: string;
}

/**
 * A completed premium course: Get Certificate saves the last item once more (upsert), which
 * issues the certificate if this completes the course, then finds the learner's certificate for
 * the course (issued when its last item was completed) and links to it.
 */
async function fetchCertificate({ courseId, lastItemId }: CertificatePanelProps) {
  const answer = await upsertProgress(courseId, lastItemId);
  const issuedNow = answer.data.completed ? answer.data.certificateId : null;
  const mine = await getMyCertificates();
  const found =
    (issuedNow ? mine.find((certificate) => certificate.id === issuedNow) : undefined) ??
    mine.find((certificate) => certificate.course.id === courseId);
  if (!found) throw new Error('no certificate for this course');
  return found;
}

/**
 * With `showIssued` (the course was finished on an earlier visit), the certificate issued then is
 * shown at once with View certificate; Get Certificate is offered only while none is found.
 */
export function CertificatePanel({
  showIssued,
  ...props
}: CertificatePanelProps & { showIssued: boolean }) {
  const [fetched, setFetched] = useState<Certificate | null>(null);
  const mine = useQuery({ ...myCertificatesOptions(), enabled: showIssued });
  const mutation = useMutation({ mutationFn: fetchCertificate });
  const issued = showIssued
    ? mine.data?.find((certificate) => certificate.course.id === props.courseId)
    : undefined;
  const certificate = fetched ?? issued ?? null;

  const getCertificate = async () => {
    try {
      setFetched(await mutation.mutateAsync(props));
      toast.success(messages.certificateGenerated);
    } catch {
      toast.error(messages.certificateGenerateFailed);
    }
  };

  return (
    <Panel title={messages.courseComplete} icon={<Award className="size-5" aria-hidden="true" />}>
      {certificate ? (
        <p>{messages.certificateReady(certificate.certificateCode)}</p>
      ) : (
        <p>{messages.courseCompletedCertificate}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {!certificate && (
          <Button
            onClick={() => void getCertificate()}
            loading={mutation.isPending || (showIssued && mine.isPending)}
          >
            <Award className="size-4" aria-hidden="true" />
            {messages.getCertificate}
          </Button>
        )}
        {certificate && (
          <>
            <ButtonLink to={MY_CERTIFICATES_PATH}>{messages.viewCertificate}</ButtonLink>
            <ButtonLink
              to={`/verify/${encodeURIComponent(certificate.certificateCode)}`}
              variant="secondary"
            >
              {messages.verificationPage}
            </ButtonLink>
          </>
        )}
      </div>
    </Panel>
  );
}

/** A completed free course: no certificate (decisions.md §4), an invitation to premium instead. */
export function FreeCourseCompletePanel({ guest }: { guest: boolean }) {
  return (
    <Panel
      title={messages.courseComplete}
      icon={<PartyPopper className="size-5" aria-hidden="true" />}
    >
      <p>{guest ? messages.guestCourseCompleted : messages.freeCourseCompleted}</p>
      <div className="flex flex-wrap gap-3">
        {guest ? (
          <>
            <ButtonLink to="/register">{messages.createAFreeAccount}</ButtonLink>
            <ButtonLink to="/business" variant="secondary">
              {messages.seeThePremiumPlan}
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to={PREMIUM_COURSES_PATH}>{messages.explorePremiumCourses}</ButtonLink>
        )}
      </div>
    </Panel>
  );
}
