import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type DayStats } from '../api';

/** The width the chart is drawn for until its box is measured. */
const DRAWN_WIDTH = 700;
/** Room for one day label ("11-24" at 11 px) and a gap. */
const LABEL_WIDTH = 40;

/**
 * The width of the element `ref` holds, in CSS pixels, kept up to date as it changes (window
 * resized, phone turned); `fallback` until measured.
 */
function useWidth(ref: { current: Element | null }, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return width;
}

/**
 * 14 days of created / completed / failed as grouped bars (SVG, no script, no style
 * attribute). Drawn at the width of its box, one unit a pixel, so that its labels keep their
 * size on a phone; labels are spaced to fit (every day, every other day, ...).
 */
export function DailyChart({ data, title }: { data: DayStats[]; title: string }) {
  const figure = useRef<HTMLElement>(null);
  const width = useWidth(figure, DRAWN_WIDTH);
  const height = 200;
  const pad = { left: 36, right: 8, top: 10, bottom: 28 };
  const max = Math.max(1, ...data.flatMap((d) => [d.created, d.completed, d.failed]));
  const niceMax = niceCeiling(max);
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const groupW = plotW / Math.max(1, data.length);
  const barW = Math.max(2, (groupW - 6) / 3);
  const y = (value: number) => pad.top + plotH - (value / niceMax) * plotH;
  const totals = data.reduce(
    (sum, d) => ({
      created: sum.created + d.created,
      completed: sum.completed + d.completed,
      failed: sum.failed + d.failed,
    }),
    { created: 0, completed: 0, failed: 0 },
  );
  const summary = `${title}: ${totals.created} created, ${totals.completed} completed, ${totals.failed} failed over ${data.length} days`;
  const ticks = [0, niceMax / 2, niceMax];
  // Labelled days, counted back from the last (today is always labelled).
  const every = Math.max(1, Math.ceil(LABEL_WIDTH / groupW));
  return (
    <figure class="chart" ref={figure}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line class="grid" x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} />
            <text class="axis" x={pad.left - 6} y={y(tick) + 4} text-anchor="end">
              {tick}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const x0 = pad.left + i * groupW + 3;
          return (
            <g key={d.day}>
              <title>{`${d.day}: ${d.created} created, ${d.completed} completed, ${d.failed} failed`}</title>
              {(['created', 'completed', 'failed'] as const).map((series, j) => (
                <rect
                  key={series}
                  class={`bar bar-${series}`}
                  x={x0 + j * barW}
                  y={y(d[series])}
                  width={Math.max(1, barW - 1)}
                  height={Math.max(0, pad.top + plotH - y(d[series]))}
                />
              ))}
              {(data.length - 1 - i) % every === 0 && (
                <text class="axis" x={x0 + (groupW - 6) / 2} y={height - 8} text-anchor="middle">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption class="legend">
        <span class="key key-created">Created {totals.created}</span>
        <span class="key key-completed">Completed {totals.completed}</span>
        <span class="key key-failed">Failed {totals.failed}</span>
      </figcaption>
    </figure>
  );
}

function niceCeiling(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}
