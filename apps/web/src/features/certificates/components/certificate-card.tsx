import { messages } from '@ishuri/contract';
import type { Certificate } from '@ishuri/contract';
import { Download, Eye } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { longDate } from '../../../lib/format';
import { certificatePdf, NotPdfError, useCertificateImage } from '../../../api/certificates';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { useInView } from '../../../lib/use-in-view';
import { saveFile } from '../../../lib/save-file';

/** An object URL for a Blob, revoked when it is no longer shown. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** The sentence for a failed download (product.md §8). */
function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return messages.downloadFailedStatus(error.status);
  if (error instanceof NetworkError) return messages.downloadNetworkError;
  if (error instanceof Error && error.message) return messages.downloadFailed(error.message);
  return messages.downloadRetry;
}

/**
 * Downloads the certificate's PDF with the token: only a 200 answer with a PDF type is saved,
 * otherwise "Invalid response format - not a PDF".
 */
async function downloadCertificate(certificate: Certificate) {
  try {
    saveFile(
      await certificatePdf(certificate.id),
      `certificate-${certificate.certificateCode}.pdf`,
    );
  } catch (error) {
    toast.error(
      error instanceof NotPdfError ? messages.certificateNotPdf : downloadErrorMessage(error),
    );
  }
}

/** The certificate's picture (the preview and the viewer), drawn by the server from its PDF. */
function CertificatePicture({
  certificate,
  load,
  alt,
  className,
}: {
  certificate: Certificate;
  load: boolean;
  alt: string;
  className: string;
}) {
  const image = useCertificateImage(certificate.id, load);
  const url = useObjectUrl(image.data);
  if (image.isError) {
    const text =
      image.error instanceof ApiError || image.error instanceof NetworkError
        ? downloadErrorMessage(image.error)
        : messages.certificatePreviewFailed;
    return (
      <div className={`flex items-center justify-center p-4 text-center text-sm ${className}`}>
        <p className="text-slate-700">{text}</p>
      </div>
    );
  }
  if (!url) {
    return (
      <div className={`flex items-center justify-center text-brand-700 ${className}`}>
        {load && <Spinner label={messages.loading} className="size-6" />}
      </div>
    );
  }
  return <img src={url} alt={alt} className={`bg-white object-contain ${className}`} />;
}

/**
 * One certificate: a picture of it, View (a dialog with the whole picture) and Download (the
 * PDF).
 */
export function CertificateCard({
  certificate,
  showLearner = false,
}: {
  certificate: Certificate;
  /** On the list of all certificates (admins): whose certificate it is, by name. */
  showLearner?: boolean;
}) {
  const [viewing, setViewing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const preview = useRef<HTMLDivElement>(null);
  const visible = useInView(preview);
  const name = certificate.course.title;

  const download = async () => {
    setDownloading(true);
    await downloadCertificate(certificate);
    setDownloading(false);
  };

  return (
    <article
      aria-label={messages.certificateFor(name)}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div ref={preview} className="h-48 border-b border-slate-200 bg-slate-100">
        <CertificatePicture
          certificate={certificate}
          load={visible}
          alt={messages.previewOfTheCertificateFor(name)}
          className="h-48 w-full"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p>
          <CourseTypeBadge type={certificate.course.courseType} />
        </p>
        <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {showLearner && (
            <>
              <dt className="text-slate-600">{messages.certificateLearner}</dt>
              <dd className="break-words text-slate-900">{certificate.learnerName}</dd>
            </>
          )}
          <dt className="text-slate-600">{messages.code}</dt>
          <dd className="font-mono text-slate-900">{certificate.certificateCode}</dd>
          <dt className="text-slate-600">{messages.issued}</dt>
          <dd className="text-slate-900">{longDate(certificate.createdAt)}</dd>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setViewing(true)}
            aria-label={messages.viewTheCertificateFor(name)}
          >
            <Eye className="size-4" aria-hidden="true" />
            {messages.view}
          </Button>
          <Button
            size="sm"
            onClick={() => void download()}
            loading={downloading}
            aria-label={messages.downloadTheCertificateFor(name)}
          >
            <Download className="size-4" aria-hidden="true" />
            {messages.download}
          </Button>
        </div>
      </div>
      <Modal
        open={viewing}
        onClose={() => setViewing(false)}
        title={messages.certificate(name)}
        size="xl"
        footer={
          <Button onClick={() => void download()} loading={downloading}>
            <Download className="size-4" aria-hidden="true" />
            {messages.download}
          </Button>
        }
      >
        {/* The whole page, as large as the window allows without scrolling (A4 landscape keeps
            its ratio; a dialog body that scrolls with nothing to focus is out of keyboard reach). */}
        <CertificatePicture
          certificate={certificate}
          load={viewing}
          alt={messages.theCertificateFor(name)}
          className="aspect-[297/210] max-h-[calc(90vh-15rem)] w-full rounded-lg border border-slate-200"
        />
      </Modal>
    </article>
  );
}
