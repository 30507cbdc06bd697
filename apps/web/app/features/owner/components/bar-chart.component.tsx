/** One bar: its label under the axis, its value, and the words a screen reader and a tooltip give it. */
export type Bar = { label: string; value: number; description: string };

const BAR_WIDTH = 18;
const GAP = 8;
const PLOT_HEIGHT = 96;
const LABEL_SPACE = 18;
const VALUE_SPACE = 14;

/**
 * Vertical bars drawn as SVG (no chart library, and no style attributes: the content security policy
 * allows none; geometry is in SVG attributes). Each bar carries its value above it and a <title>;
 * the figure's caption says what is measured, and the numbers are also in the page's tables.
 */
export function BarChart({
  bars,
  caption,
  testId,
  showValues = true,
  emptyText,
}: {
  bars: Bar[];
  caption: string;
  testId?: string;
  /** Small counts fit above their bars; long amounts are left to the table beside the chart. */
  showValues?: boolean;
  /** Written across the plot when every bar is 0, so an empty chart does not look broken. */
  emptyText?: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = bars.length * (BAR_WIDTH + GAP) + GAP;
  const height = VALUE_SPACE + PLOT_HEIGHT + LABEL_SPACE;
  return (
    <figure className="owner-chart" data-testid={testId}>
      <svg
        className="owner-chart__svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={caption}
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          className="owner-chart__axis"
          x1={0}
          x2={width}
          y1={VALUE_SPACE + PLOT_HEIGHT + 0.5}
          y2={VALUE_SPACE + PLOT_HEIGHT + 0.5}
        />
        {emptyText && bars.every((b) => b.value === 0) ? (
          <text className="owner-chart__empty" x={width / 2} y={VALUE_SPACE + PLOT_HEIGHT / 2} textAnchor="middle">
            {emptyText}
          </text>
        ) : null}
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * PLOT_HEIGHT);
          const x = GAP + i * (BAR_WIDTH + GAP);
          const y = VALUE_SPACE + PLOT_HEIGHT - h;
          return (
            <g key={`${b.label}-${i}`}>
              <title>{b.description}</title>
              {h > 0 ? <rect className="owner-chart__bar" x={x} y={y} width={BAR_WIDTH} height={h} rx={3} /> : null}
              {showValues && b.value > 0 ? (
                <text className="owner-chart__value" x={x + BAR_WIDTH / 2} y={y - 3} textAnchor="middle">
                  {b.value}
                </text>
              ) : null}
              <text
                className="owner-chart__label"
                x={x + BAR_WIDTH / 2}
                y={VALUE_SPACE + PLOT_HEIGHT + LABEL_SPACE - 4}
                textAnchor="middle"
              >
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="owner-chart__caption">{caption}</figcaption>
    </figure>
  );
}

/** A horizontal bar split into parts (used, expired, left), each a share of the whole. */
export function StackedBar({
  parts,
  label,
}: {
  parts: { key: string; value: number; className: string }[];
  label: string;
}) {
  const total = parts.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  let x = 0;
  return (
    <svg className="owner-stack" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={label}>
      <rect className="owner-stack__track" x={0} y={0} width={100} height={8} rx={2} />
      {total > 0
        ? parts.map((p) => {
            const w = (Math.max(0, p.value) / total) * 100;
            const rect = <rect key={p.key} className={p.className} x={x} y={0} width={w} height={8} />;
            x += w;
            return rect;
          })
        : null}
    </svg>
  );
}
