/** A labelled amount, with a bar against its limit when it has one. */
export function Meter(props: {
  label: string;
  used: number;
  limit: number | undefined;
  /** Shown instead of ` / limit` when there is no limit (e.g. "unlimited"). */
  noLimit?: string;
}) {
  const pct = props.limit ? Math.min(100, Math.round((props.used / props.limit) * 100)) : 0;
  return (
    <div class="meter-row">
      <div class="meter-text">
        <span>{props.label}</span>
        <span class="mono">
          {props.used.toLocaleString()}
          {props.limit !== undefined
            ? ` / ${props.limit.toLocaleString()}`
            : props.noLimit && ` · ${props.noLimit}`}
        </span>
      </div>
      {props.limit !== undefined && (
        <meter min={0} max={props.limit} value={props.used} aria-label={props.label}>
          {pct}%
        </meter>
      )}
    </div>
  );
}
