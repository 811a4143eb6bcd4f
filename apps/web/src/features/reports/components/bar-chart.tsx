import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart in plain SVG-free HTML: one row per bar, its label above a bar as wide
 * as its share of `max`, the number beside it. It reads at 360 px, and a screen reader gets the
 * same figures as a table (the chart itself is hidden from it).
 */
export function BarChart({
  title,
  intro,
  bars,
  max,
  labelHeader,
  valueHeader,
}: {
  title: string;
  intro: string;
  bars: Bar[];
  max: number;
  labelHeader: string;
  valueHeader: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{intro}</p>
      </div>
      <ul aria-hidden="true" className="space-y-2">
        {bars.map((bar, index) => (
          <li key={`${index}-${bar.label}`} className="space-y-1">
            <p className="truncate text-sm text-slate-800">{bar.label}</p>
            <div className="flex items-center gap-2">
              <div className="h-4 min-w-0 flex-1 rounded bg-slate-100">
                <div
                  className="h-4 rounded bg-brand-700"
                  style={{ width: `${max > 0 ? Math.round((bar.value * 100) / max) : 0}%` }}
                />
              </div>
              <span className="w-10 shrink-0 text-right text-sm font-semibold tabular-nums text-slate-900">
                {bar.value}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {/*
        The figures for a screen reader. In a visually hidden box, not a visually hidden table: a
        table is as wide as its cells whatever its own width, and made the page wider than a
        360 px phone.
      */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, index) => (
              <tr key={`${index}-${bar.label}`}>
                <th scope="row">{bar.label}</th>
                <td>{bar.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
