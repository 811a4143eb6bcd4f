import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { site } from '../lib/site';

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2 rounded-md text-xl font-bold', className)}
    >
      <GraduationCap className="size-7" aria-hidden="true" />
      <span>{site.name}</span>
    </Link>
  );
}
