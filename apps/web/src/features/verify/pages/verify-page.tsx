import { messages, normalizeCertificateCode } from '@ishuri/contract';
import { longDate } from '../../../lib/format';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';
import { useCertificateVerification } from '../../../api/certificates';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * /verify without a code: a field to type the code printed on a certificate; it opens
 * /verify/{code} with the code as printed, whatever the case, spaces or dashes typed
 * (`ish 7k2m 9qx4`, `ISH7K2M9QX4` → `ISH-7K2M-9QX4`).
 */
function CodeForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = normalizeCertificateCode(code);
        if (!typed) {
          setError(messages.verifyCodeRequired);
          return;
        }
        void navigate(`/verify/${encodeURIComponent(typed)}`);
      }}
    >
      <TextField
        label={messages.certificateCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit">{messages.verify}</Button>
    </form>
  );
}

/**
 * /verify/{code}: the public page a certificate's QR code opens. It shows what the certificate
 * says (learner, course, date, code), or that no certificate has that code.
 */
export default function VerifyPage() {
  const { code = '' } = useParams();
  if (!code) {
    return (
      <VerifyLayout>
        <CodeForm />
      </VerifyLayout>
    );
  }
  // An address typed by hand (`/verify/ish 7k2m 9qx4`) shows as the printed code.
  const printed = normalizeCertificateCode(code);
  if (printed && printed !== code) {
    return <Navigate replace to={`/verify/${encodeURIComponent(printed)}`} />;
  }
  return <Verification code={code} />;
}

function VerifyLayout({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:py-16">
      <title>{pageTitle(messages.certificateVerification)}</title>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold text-slate-900">{messages.certificateVerification}</h1>
        <p className="text-slate-700">{messages.verifyIntro}</p>
      </header>
      {children}
    </section>
  );
}

function Verification({ code }: { code: string }) {
  const verification = useCertificateVerification(code);
  const notFound = verification.error instanceof ApiError && verification.error.status === 404;

  let body: ReactNode;
  if (verification.isPending) {
    body = <PageSpinner />;
  } else if (verification.data) {
    const certificate = verification.data;
    body = (
      <>
        <p className="flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
          <ShieldCheck className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
          <span className="font-semibold">{messages.verifyValid}</span>
        </p>
        <dl className="rounded-xl border border-slate-200 bg-white px-5">
          <Row label={messages.awardedTo}>{certificate.learnerName}</Row>
          <Row label={messages.course}>{certificate.courseTitle}</Row>
          <Row label={messages.issuedOn}>
            <time dateTime={certificate.issuedAt}>{longDate(certificate.issuedAt)}</time>
          </Row>
          <Row label={messages.certificateCode}>
            <span className="font-mono">{certificate.certificateCode}</span>
          </Row>
        </dl>
      </>
    );
  } else if (notFound) {
    body = (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
      >
        <ShieldAlert className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-semibold">{messages.certificateNotFound}</p>
          <p>{messages.verifyNotFound}</p>
          <p className="text-sm">
            {messages.code2} <span className="font-mono break-all">{code}</span>
          </p>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          {messages.verifyLoadFailed}
        </p>
        <Button onClick={() => void verification.refetch()} loading={verification.isFetching}>
          {messages.retry}
        </Button>
      </div>
    );
  }

  return <VerifyLayout>{body}</VerifyLayout>;
}
