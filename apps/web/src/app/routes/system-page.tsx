import { formatDuration, messages } from '@ishuri/contract';
import type { JobCounts, StorageUsageInfo, SystemInfo } from '@ishuri/contract';
import type { ReactNode } from 'react';
import { useSystem } from '../../api/system';
import { Button } from '../../components/button';
import { DashboardPage, Panel } from '../../components/dashboard/dashboard-page';
import { Spinner } from '../../components/spinner';
import { FailedMailTable } from '../../features/failed-mail/components/failed-mail-table';
import { fileSize, tableDate } from '../../lib/format';

/** The job states, in the order a job goes through them, with their labels. */
const states: { key: keyof JobCounts; label: () => string }[] = [
  { key: 'pending', label: () => messages.jobPending },
  { key: 'running', label: () => messages.jobRunning },
  { key: 'failed', label: () => messages.jobFailed },
  { key: 'done', label: () => messages.jobDone },
];

/**
 * The job types the server runs, named in the reader's language (the type itself, as the logs
 * and metrics name it, is shown beside as code); a type not listed here shows as code only.
 */
const jobTypeNames: Record<string, () => string> = {
  'certificate.issue': () => messages.jobTypeCertificate,
  mail: () => messages.jobTypeMail,
  'newsletter:confirm': () => messages.jobTypeNewsletterConfirm,
  'email-change:confirm': () => messages.jobTypeEmailChangeConfirm,
  'email-change:notice': () => messages.jobTypeEmailChangeNotice,
  'password-reset-link': () => messages.jobTypePasswordResetLink,
  'premium-reminders': () => messages.jobTypePremiumReminders,
  'premium.reconcile': () => messages.jobTypePremiumReconcile,
  'premium.receipt': () => messages.jobTypePremiumReceipt,
  'resumable-uploads-sweep': () => messages.jobTypeResumableUploadsSweep,
  'upload-leftovers': () => messages.jobTypeUploadLeftovers,
  'video.renditions': () => messages.jobTypeVideoRenditions,
  'video-upkeep': () => messages.jobTypeVideoUpkeep,
};

/** A label and its value, in a definition list. */
function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function JobsPanel({ jobs }: { jobs: SystemInfo['jobs'] }) {
  return (
    <Panel title={messages.systemJobs}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {states.map((state) => (
          <Fact key={state.key} label={state.label()} testId={`jobs-${state.key}`}>
            <span className="tabular-nums">{jobs.byState[state.key]}</span>
          </Fact>
        ))}
      </dl>
      {jobs.byType.length === 0 ? (
        <p className="mt-4 text-slate-700">{messages.noJobs}</p>
      ) : (
        // A wide table scrolls inside its own region on a phone, never the page.
        <div
          className="mt-4 overflow-x-auto"
          role="region"
          aria-label={messages.systemJobsByType}
          tabIndex={0}
        >
          <table className="w-full min-w-[30rem] text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-slate-900">
              {messages.systemJobsByType}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {messages.jobType}
                </th>
                {states.map((state) => (
                  <th key={state.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {state.label()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.byType.map((row) => (
                <tr key={row.type} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {Object.hasOwn(jobTypeNames, row.type) && (
                      <span className="block text-slate-900">{jobTypeNames[row.type]!()}</span>
                    )}
                    <code translate="no" className="text-xs whitespace-nowrap text-slate-600">
                      {row.type}
                    </code>
                  </th>
                  {states.map((state) => (
                    <td key={state.key} className="px-3 py-2 text-right tabular-nums">
                      {row[state.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** "4.1 MB", or "at least 4.1 MB" when the count stopped before the last file. */
const sizeOf = (usage: StorageUsageInfo) => {
  const size = fileSize(usage.bytes);
  return usage.complete ? size : messages.atLeast(size);
};
const filesOf = (usage: StorageUsageInfo) =>
  usage.complete ? String(usage.files) : messages.atLeast(String(usage.files));

function StoragePanel({ storage }: { storage: SystemInfo['storage'] }) {
  const parts = [
    { key: 'public', label: messages.storagePublic, usage: storage.public },
    { key: 'private', label: messages.storagePrivate, usage: storage.private },
  ] as const;
  return (
    <Panel title={messages.systemStorage}>
      <div className="grid gap-4 sm:grid-cols-2">
        {parts.map((part) => (
          <section key={part.key} aria-label={part.label}>
            <h3 className="mb-2 font-semibold text-slate-900">{part.label}</h3>
            <dl className="grid grid-cols-2 gap-3">
              <Fact label={messages.storageSize} testId={`storage-${part.key}-size`}>
                {sizeOf(part.usage)}
              </Fact>
              <Fact label={messages.storageFiles} testId={`storage-${part.key}-files`}>
                {filesOf(part.usage)}
              </Fact>
            </dl>
          </section>
        ))}
      </div>
    </Panel>
  );
}

function ServicesPanel({ system }: { system: SystemInfo }) {
  const redis = !system.redis.configured
    ? messages.redisNotConfigured
    : system.redis.reachable
      ? messages.redisReachable
      : messages.redisUnreachable;
  return (
    <Panel title={messages.systemServices}>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label={messages.systemDatabase} testId="database">
          {system.database.kind === 'postgres'
            ? messages.databasePostgres
            : messages.databasePglite}
        </Fact>
        <Fact label={messages.systemRedis} testId="redis">
          {redis}
        </Fact>
      </dl>
    </Panel>
  );
}

function ProcessPanel({ process }: { process: SystemInfo['process'] }) {
  return (
    <Panel title={messages.systemProcess}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label={messages.systemVersion} testId="version">
          {process.version}
        </Fact>
        <Fact label={messages.systemNode}>{process.node}</Fact>
        <Fact label={messages.systemUptime}>
          <span className="tabular-nums">{formatDuration(process.uptimeSeconds)}</span>
        </Fact>
        <Fact label={messages.systemStartedAt}>{tableDate(process.startedAt)}</Fact>
      </dl>
    </Panel>
  );
}

/**
 * /dashboard/system (admin): the state of the running platform. The failed mail is the
 * failed-mail feature's own list (with Retry); retrying one asks the job counts again.
 */
export default function SystemPage() {
  const system = useSystem();
  return (
    <DashboardPage title={messages.systemTitle} intro={messages.systemIntro}>
      {system.isPending ? (
        <Spinner label={messages.loading} className="size-6 text-brand-700" />
      ) : system.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-slate-800">
          <p>{messages.systemLoadFailed}</p>
          <Button size="sm" variant="secondary" onClick={() => void system.refetch()}>
            {messages.retry}
          </Button>
        </div>
      ) : (
        <>
          <JobsPanel jobs={system.data.jobs} />
          <Panel title={messages.failedMailTitle}>
            <FailedMailTable onRetried={() => void system.refetch()} />
          </Panel>
          <StoragePanel storage={system.data.storage} />
          <ServicesPanel system={system.data} />
          <ProcessPanel process={system.data.process} />
        </>
      )}
    </DashboardPage>
  );
}
