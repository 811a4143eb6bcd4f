import { messages } from '@ishuri/contract';
import { Briefcase, Camera, MessageCircle } from 'lucide-react';
import { cn } from '../lib/cn';
import { site } from '../lib/site';

const icons = { photo: Camera, professional: Briefcase, messaging: MessageCircle } as const;

/** The provider's photo-sharing, professional-network and messaging profiles. */
export function SocialLinks({
  className,
  linkClassName,
}: {
  className?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap gap-3', className)}>
      {site.social.map(({ kind, label, href }) => {
        const Icon = icons[kind];
        return (
          <li key={kind}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className={cn('inline-flex items-center gap-2 rounded-md py-1', linkClassName)}
            >
              <Icon className="size-5" aria-hidden="true" />
              <span>{label}</span>
              <span className="sr-only"> {messages.opensInNewTab}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
